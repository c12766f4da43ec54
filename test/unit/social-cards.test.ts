import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cardCanWrite, drawCard } from '../../src/social/draw-card';

// Cards are written with the bundled Inter: Latin (with Vietnamese), Greek and Cyrillic. A page whose title needs
// another script gets no card (cards.ts) rather than boxes where its letters should be.

test('the scripts a card can write', () => {
  for (const text of ['Install with “Docker” Compose — 2024!', 'Résumé, Ærø, Łódź', 'Резервное копирование', 'Ελληνικά', 'Tiếng Việt']) assert.ok(cardCanWrite(text), text);
  for (const text of ['バックアップ', '备份', 'النسخ الاحتياطي', 'גיבוי', 'बैकअप', '백업', 'Backup（日本）']) assert.ok(!cardCanWrite(text), text);
});

test('a card is a 1200x630 PNG, also in Cyrillic', async () => {
  const png = await drawCard({ title: 'Резервное копирование', section: 'Руководства', siteTitle: 'Memora', colors: { background: '#ffffff', accent: '#4f46e5', text: '#1b1d24' } });
  assert.equal(png.subarray(1, 4).toString(), 'PNG');
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [1200, 630]);
  assert.ok(png.length > 5000);
});
