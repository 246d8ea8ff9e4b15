import { type QueryFunction, type QueryKey, type QueryMeta, useQuery } from '@tanstack/react-query';

/**
 * A query polled while the background work it reports is still under way (an import converting,
 * an export being written), then left alone; it stops on an error too. `pending` says, from the
 * last answer, whether to ask again in `intervalMs`. A job's state is never taken from the cache.
 */
export function useJobPoll<T>(options: {
  queryKey: QueryKey;
  queryFn: QueryFunction<T>;
  pending: (data: T | undefined) => boolean;
  enabled?: boolean;
  intervalMs?: number;
  meta?: QueryMeta;
}) {
  const { pending, intervalMs = 1000, ...query } = options;
  return useQuery({
    ...query,
    staleTime: 0,
    refetchInterval: (q) => (q.state.error || !pending(q.state.data) ? false : intervalMs),
  });
}
