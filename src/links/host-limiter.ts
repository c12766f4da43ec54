// Bounded concurrency for link probes: a few requests at once in total and fewer per host,
// so a page with fifty links to one site never hammers that site.

export interface HostLimits {
  total: number;
  perHost: number;
}

export type HostLimiter = <T>(host: string, task: () => Promise<T>) => Promise<T>;

export function createHostLimiter(limits: HostLimits): HostLimiter {
  let active = 0;
  const activeByHost = new Map<string, number>();
  const waiting: { host: string; start: () => void }[] = [];

  const startWhatFits = () => {
    for (let index = 0; index < waiting.length && active < limits.total; ) {
      const next = waiting[index]!;
      if ((activeByHost.get(next.host) ?? 0) >= limits.perHost) {
        index++;
        continue;
      }
      waiting.splice(index, 1);
      next.start();
    }
  };

  return (host, task) =>
    new Promise((resolve, reject) => {
      waiting.push({
        host,
        start: () => {
          active++;
          activeByHost.set(host, (activeByHost.get(host) ?? 0) + 1);
          task()
            .then(resolve, reject)
            .finally(() => {
              active--;
              activeByHost.set(host, activeByHost.get(host)! - 1);
              startWhatFits();
            });
        },
      });
      startWhatFits();
    });
}
