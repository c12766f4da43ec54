import type { ApiParameter } from '../../../src/shared/api';
import { Facts } from './SchemaTree';

/** Parameters (or response headers) as rows: name, type, required, description and the schema's facts. */
export function ParameterList({ parameters }: { parameters: ApiParameter[] }) {
  return (
    <ul className="api-parameters">
      {parameters.map((parameter) => (
        <li key={`${parameter.in}:${parameter.name}`} className={`api-parameter${parameter.deprecated ? ' deprecated' : ''}`}>
          <div className="schema-head">
            <code className="schema-name">{parameter.name}</code>
            {parameter.schema && <span className="schema-type">{parameter.schema.type}</span>}
            {parameter.required && <span className="schema-flag required">required</span>}
            {parameter.deprecated && <span className="schema-flag deprecated">deprecated</span>}
          </div>
          {parameter.descriptionHtml && <div className="schema-description" dangerouslySetInnerHTML={{ __html: parameter.descriptionHtml }} />}
          {parameter.schema && <Facts node={{ ...parameter.schema, descriptionHtml: undefined, ...(parameter.example !== undefined ? { example: parameter.example } : {}) } as typeof parameter.schema} />}
        </li>
      ))}
    </ul>
  );
}
