import type { SchemaNode } from '../../../src/shared/api';

// A schema as nested, expandable properties. `<details>` keeps it usable without JavaScript and
// costs nothing to hydrate; the first level is open, deeper levels open on demand. A shared schema past
// the levels expanded in place (`reference`) shows its type as a link to its own page.

export function SchemaTree({ schema }: { schema: SchemaNode }) {
  const children = childrenOf(schema);
  return (
    <div className="schema-tree">
      <div className="schema-root">
        <TypeLabel node={schema} />
        <Flags node={schema} />
      </div>
      <Facts node={schema} />
      {children}
    </div>
  );
}

/** What sits below a node: its properties, its array items' properties, its choices. */
function childrenOf(node: SchemaNode, depth = 0): React.ReactNode {
  if (node.recursive) return <p className="schema-recursive">Recursive: the same structure as {named(node)} above.</p>;
  const parts: React.ReactNode[] = [];
  if (node.prefixItems) {
    // A tuple: each leading item by its position, then what may follow.
    const rest = node.items && !node.noOtherItems ? [{ ...node.items, name: `[${node.prefixItems.length}...]` }] : [];
    return (
      <ul className="schema-properties">
        {[...node.prefixItems.map((item, index) => ({ ...item, name: `[${index}]` })), ...rest].map((item) => (
          <SchemaProperty key={item.name} node={item} depth={depth} />
        ))}
      </ul>
    );
  }
  const target = node.items && !node.properties?.length ? node.items : node;
  if (target !== node && target.recursive) return <p className="schema-recursive">Items have the same structure as {named(target)} above.</p>;
  if (target.properties?.length) {
    parts.push(
      <ul key="properties" className="schema-properties">
        {target.properties.map((property) => (
          <SchemaProperty key={property.name} node={property} depth={depth} />
        ))}
      </ul>,
    );
  }
  if (target.additionalProperties && (target.additionalProperties.properties?.length || target.additionalProperties.choice)) {
    parts.push(
      <ul key="additional" className="schema-properties">
        <SchemaProperty node={{ ...target.additionalProperties, name: '[key: string]' }} depth={depth} />
      </ul>,
    );
  }
  if (target.choice) {
    parts.push(
      <div key="choice" className="schema-choice">
        <div className="schema-choice-label">{target.choice.kind === 'oneOf' ? 'One of' : 'Any of'}</div>
        {target.choice.options.map((option, index) => (
          <details key={index} className="schema-option" open={depth === 0 && index === 0}>
            <summary>
              <span className="schema-option-name">{option.title ?? `Option ${index + 1}`}</span> <TypeLabel node={option} />
            </summary>
            <Facts node={option} />
            {childrenOf(option, depth + 1)}
          </details>
        ))}
      </div>,
    );
  }
  if (target.truncated) parts.push(<p key="truncated" className="schema-recursive">Nested too deeply to show here.</p>);
  return parts.length ? parts : null;
}

function SchemaProperty({ node, depth }: { node: SchemaNode; depth: number }) {
  const children = childrenOf(node, depth + 1);
  const head = (
    <>
      <code className="schema-name">{node.name}</code>
      <TypeLabel node={node} />
      <Flags node={node} />
    </>
  );
  return (
    <li className={`schema-property${node.deprecated ? ' deprecated' : ''}`}>
      {children ? (
        <details open={false}>
          <summary className="schema-head">{head}</summary>
          <Facts node={node} />
          <div className="schema-nested">{children}</div>
        </details>
      ) : (
        <>
          <div className="schema-head">{head}</div>
          <Facts node={node} />
        </>
      )}
    </li>
  );
}

/** The type; a link to the schema's page when it (or the array's items) is shown there rather than here. */
function TypeLabel({ node }: { node: SchemaNode }) {
  const href = node.reference ?? node.items?.reference;
  return href ? (
    <a className="schema-type schema-reference" href={href} title={`The ${node.title ?? node.items?.title ?? node.type} schema`}>
      {node.type}
    </a>
  ) : (
    <span className="schema-type">{node.type}</span>
  );
}

/** A schema's name, linked to its page when it has one. */
function named(node: SchemaNode): React.ReactNode {
  const name = node.title ?? node.type;
  return node.reference ? <a href={node.reference}>{name}</a> : name;
}

function Flags({ node }: { node: SchemaNode }) {
  return (
    <>
      {node.required && <span className="schema-flag required">required</span>}
      {node.nullable && <span className="schema-flag">nullable</span>}
      {node.readOnly && <span className="schema-flag">read-only</span>}
      {node.writeOnly && <span className="schema-flag">write-only</span>}
      {node.deprecated && <span className="schema-flag deprecated">deprecated</span>}
    </>
  );
}

/** Description, allowed values, default, example and limits of one node. */
export function Facts({ node }: { node: SchemaNode }) {
  const rows = [
    node.const !== undefined && (
      <div key="const" className="schema-fact">
        Always: <code className="schema-value">{node.const}</code>
      </div>
    ),
    node.enum && (
      <div key="enum" className="schema-fact">
        Allowed values:{' '}
        {node.enum.map((value, index) => (
          <code key={index} className="schema-value">
            {value}
          </code>
        ))}
      </div>
    ),
    node.default !== undefined && (
      <div key="default" className="schema-fact">
        Default: <code className="schema-value">{node.default}</code>
      </div>
    ),
    node.example !== undefined && (
      <div key="example" className="schema-fact">
        {node.examples ? 'Examples: ' : 'Example: '}
        {(node.examples ?? [node.example]).map((value, index) => (
          <code key={index} className="schema-value">
            {value}
          </code>
        ))}
      </div>
    ),
    (node.contentMediaType || node.contentEncoding) && (
      <div key="content" className="schema-fact">
        Content: {node.contentMediaType && <code className="schema-value">{node.contentMediaType}</code>}
        {node.contentEncoding && <> encoded as <code className="schema-value">{node.contentEncoding}</code></>}
      </div>
    ),
    node.noOtherProperties && (
      <div key="closed" className="schema-fact">
        No other properties (<code>{node.noOtherProperties}: false</code>)
      </div>
    ),
    node.noOtherItems && (
      <div key="no-more-items" className="schema-fact">
        No items beyond these (<code>items: false</code>)
      </div>
    ),
    node.constraints && (
      <div key="constraints" className="schema-fact">
        {node.constraints.map((constraint, index) => (
          <span key={index} className="schema-constraint">
            {constraint}
          </span>
        ))}
      </div>
    ),
  ].filter(Boolean);
  if (!node.descriptionHtml && !rows.length) return null;
  return (
    <div className="schema-facts">
      {node.descriptionHtml && <div className="schema-description" dangerouslySetInnerHTML={{ __html: node.descriptionHtml }} />}
      {rows}
    </div>
  );
}
