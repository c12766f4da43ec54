import type { ApiParameter } from '../../../src/shared/api';
import type { SchemaNode } from '../../../src/shared/api';
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
          {parameter.schema && <SchemaFacts schema={parameter.schema} example={parameter.example} />}
        </li>
      ))}
    </ul>
  );
}

/** The schema's values and limits; the parameter's own description and example take the schema's place. */
function SchemaFacts({ schema, example }: { schema: SchemaNode; example: string | undefined }) {
  const { descriptionHtml: _shownAbove, ...facts } = schema;
  return <Facts node={example === undefined ? facts : { ...facts, example }} />;
}
