import { Children, isValidElement, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { readStorage, writeStorage } from '../lib/storage';

// Tabs for MDX: `<Tabs groupId="os"><TabItem value="linux" label="Linux" default>…</TabItem>…</Tabs>`.
// Tabs sharing a groupId switch together, on this page and on the next ones (the choice is stored).
// Every panel is in the server HTML (hidden but for one), so search engines and readers without
// JavaScript still get all of it.

export interface TabItemProps {
  value: string;
  label?: string;
  default?: boolean;
  children?: ReactNode;
}

export function TabItem({ children }: TabItemProps) {
  return <>{children}</>;
}

const groupListeners = new Map<string, Set<(value: string) => void>>();
const storageKey = (groupId: string) => `docsite.tab.${groupId}`;

function announce(groupId: string, value: string): void {
  writeStorage(storageKey(groupId), value);
  for (const listener of groupListeners.get(groupId) ?? []) listener(value);
}

export interface TabsProps {
  groupId?: string;
  /** Docusaurus' `queryString`: the choice is read from and written to `?<key>=<value>` (true: the groupId is the key). */
  queryString?: string | boolean;
  /** Labels given on the Tabs instead of on each TabItem (Docusaurus' older form). */
  values?: { value: string; label?: string }[];
  children?: ReactNode;
  className?: string;
}

export function Tabs({ groupId, queryString, values: labels, children, className }: TabsProps) {
  const items = Children.toArray(children).filter((child): child is ReactElement<TabItemProps> => isValidElement(child) && typeof (child.props as TabItemProps).value === 'string');
  const values = items.map((item) => item.props.value);
  const fallback = (items.find((item) => item.props.default) ?? items[0])?.props.value ?? '';
  const [selected, setSelected] = useState(fallback);
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const queryKey = typeof queryString === 'string' ? queryString : queryString ? groupId : undefined;

  useEffect(() => {
    // A choice in the URL wins over the stored one: it is what the link's author meant to show.
    const fromQuery = queryKey ? new URLSearchParams(location.search).get(queryKey) : null;
    const queried = fromQuery !== null && values.includes(fromQuery) ? fromQuery : undefined;
    if (queried) {
      setSelected(queried);
      // The group follows, on this page (groups mounted later read the stored choice) and the next ones.
      if (groupId) announce(groupId, queried);
    }
    if (!groupId) return;
    const stored = readStorage(storageKey(groupId));
    if (!queried && stored && values.includes(stored)) setSelected(stored);
    const listener = (value: string) => values.includes(value) && setSelected(value);
    const listeners = groupListeners.get(groupId) ?? new Set();
    listeners.add(listener);
    groupListeners.set(groupId, listeners);
    return () => void listeners.delete(listener);
    // Group membership depends on the id only; `values` comes from children and is read fresh.
  }, [groupId]);

  const select = (value: string) => {
    setSelected(value);
    if (groupId) announce(groupId, value);
    if (queryKey) {
      const url = new URL(location.href);
      url.searchParams.set(queryKey, value);
      history.replaceState(history.state, '', url);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + items.length) % items.length;
    tabs.current[next]?.focus();
    select(values[next]!);
  };

  return (
    <div className={`tabs-container${className ? ` ${className}` : ''}`}>
      <div role="tablist" aria-orientation="horizontal" className="tabs">
        {items.map((item, index) => {
          const active = item.props.value === selected;
          return (
            <button
              key={item.props.value}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${index}`}
              aria-selected={active}
              aria-controls={`${id}-panel-${index}`}
              tabIndex={active ? 0 : -1}
              className={`tab${active ? ' tab-active' : ''}`}
              onClick={() => select(item.props.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.props.label ?? labels?.find((entry) => entry.value === item.props.value)?.label ?? item.props.value}
            </button>
          );
        })}
      </div>
      {items.map((item, index) => (
        <div key={item.props.value} role="tabpanel" id={`${id}-panel-${index}`} aria-labelledby={`${id}-tab-${index}`} className="tab-panel" hidden={item.props.value !== selected} data-label={printLabel(item.props.label ?? labels?.find((entry) => entry.value === item.props.value)?.label, item.props.value)}>
          {item}
        </div>
      ))}
    </div>
  );
}

/** The tab's name above its panel on paper, where every panel is printed (styles/print.css). */
function printLabel(label: unknown, value: string): string {
  return typeof label === 'string' ? label : value;
}
