import { attributeValueAt, decodeEntities, detached, hrefStarts } from '../links/check-links';

/**
 * A render worker's hrefs as numbers (render-pool.ts `RenderedBatch`): each href is sent to the main thread once, with
 * the next number, and a page's hrefs are sent as the numbers of the hrefs of its `<a>`s, in page order (the hrefs
 * extractLinks finds).
 */
export class HrefNumbers {
  /** Every href numbered so far, by its number: copies (detached), not views into the HTML of the page that had it first. */
  private readonly numbers = new Map<string, number>();
  /** Each number's href as the HTML wrote it (entities escaped), a copy too: the href itself when it has no entity. */
  private readonly written: string[] = [];
  /**
   * The previous page's hrefs (their numbers, in page order), and where each number first is among them (its index
   * + 1; 0: not there; an entry for each number, pushed with `written`, so that the array stays dense). A page of a
   * large site is mostly its section's sidebar, the previous page's links in the same order: each href is compared
   * with the one expected there before it is looked up in `numbers`, which hashes the href cut from the HTML to find
   * it among all of the site's.
   */
  private previous: number[] = [];
  private readonly positions: number[] = [];

  /** The numbers of a page's hrefs; hrefs numbered for the first time are added to `newHrefs`, in number order. */
  page(html: string, newHrefs: string[]): number[] {
    const { numbers, written, previous, positions } = this;
    const numbered: number[] = [];
    // The previous page's href expected next.
    let next = 0;
    for (const start of hrefStarts(html)) {
      const raw = attributeValueAt(html, start);
      if (next < previous.length && written[previous[next]!] === raw) {
        numbered.push(previous[next++]!);
        continue;
      }
      const href = decodeEntities(raw);
      let number = numbers.get(href);
      if (number === undefined) {
        const copy = detached(href);
        numbers.set(copy, (number = numbers.size));
        newHrefs.push(copy);
        written.push(raw === href ? copy : detached(raw));
        positions.push(0);
      }
      numbered.push(number);
      // A link the previous page had further on (this page lacks some it had before it): expect what followed it.
      const position = positions[number]!;
      if (position > next) next = position;
    }
    for (const number of previous) positions[number] = 0;
    for (let index = numbered.length - 1; index >= 0; index--) positions[numbered[index]!] = index + 1;
    this.previous = numbered;
    return numbered;
  }
}
