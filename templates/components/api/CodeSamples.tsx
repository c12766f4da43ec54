import type { ApiCodeSample } from '../../../src/shared/api';
import { TabItem, Tabs } from '../../mdx/Tabs';

/** curl / JavaScript / Python tabs; the reader's choice carries over to every operation page. */
export function CodeSamples({ samples }: { samples: ApiCodeSample[] }) {
  return (
    <Tabs groupId="api-language" className="api-samples">
      {samples.map((sample) => (
        <TabItem key={sample.language} value={sample.language} label={sample.label}>
          <div className={`code-block language-${sample.language}`} dangerouslySetInnerHTML={{ __html: sample.html }} />
        </TabItem>
      ))}
    </Tabs>
  );
}
