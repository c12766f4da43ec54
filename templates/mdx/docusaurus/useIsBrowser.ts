import { useEffect, useState } from 'react';

// `useIsBrowser()`: false on the server and during hydration (so both render the same), true after.
export default function useIsBrowser(): boolean {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => setIsBrowser(true), []);
  return isBrowser;
}
