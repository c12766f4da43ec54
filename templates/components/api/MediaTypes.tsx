import type { ApiMediaType } from '../../../src/shared/api';
import { TabItem, Tabs } from '../../mdx/Tabs';
import { SchemaTree } from './SchemaTree';

/** A body per media type: its schema tree beside its example (or named examples, in tabs). */
export function MediaTypes({ content, idPrefix }: { content: ApiMediaType[]; idPrefix: string }) {
  return (
    <>
      {content.map((media) => (
        <div key={media.mediaType} className="api-media" id={`${idPrefix}-${media.mediaType.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`}>
          <div className="api-media-type">
            <span className="api-media-label">Content type</span> <code>{media.mediaType}</code>
          </div>
          <div className="api-media-body">
            {media.schemaSameAs && (
              <div className="api-media-schema">
                <div className="api-subtitle">Schema</div>
                <p className="api-same-schema">
                  Same as the <a href={`#response-${media.schemaSameAs.toLowerCase()}`}>{`${media.schemaSameAs} response`}</a>.
                </p>
              </div>
            )}
            {media.schema && (
              <div className="api-media-schema">
                <div className="api-subtitle">Schema</div>
                <SchemaTree schema={media.schema} />
              </div>
            )}
            {(media.exampleHtml || media.examples) && (
              <div className="api-media-example">
                <div className="api-subtitle">Example</div>
                {media.exampleHtml && <div className="code-block language-json" dangerouslySetInnerHTML={{ __html: media.exampleHtml }} />}
                {media.examples && (
                  <Tabs>
                    {media.examples.map((example) => (
                      <TabItem key={example.name} value={example.name} label={example.summary ?? example.name}>
                        <div className="code-block language-json" dangerouslySetInnerHTML={{ __html: example.html }} />
                      </TabItem>
                    ))}
                  </Tabs>
                )}
              </div>
            )}
          </div>
        </div>
      ))}
    </>
  );
}
