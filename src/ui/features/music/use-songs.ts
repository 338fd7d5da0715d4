import { useCallback, useEffect, useState } from 'react';
import type { MusicTrack, SongCatalogueStatus, SongTagCount } from '../../../shared/index.ts';
import { musicApi } from '../../api/music.api.ts';
import { ApiRequestError } from '../../api/http-error.ts';

/** While the catalogue is being generated, the list is re-read this often (ms). */
const POLL_MS = 3000;
const PAGE_SIZE = 100;

/** What the songs page shows. */
interface SongsView {
  songs: MusicTrack[];
  total: number;
  tags: SongTagCount[];
  status: SongCatalogueStatus | null;
  loading: boolean;
  /** 'signedOut' without a session (401), 'forbidden' for ORDINARY users (403), else 'failed'. */
  problem: 'signedOut' | 'forbidden' | 'failed' | null;
  loadMore(): void;
  reload(): void;
}

/** Loads the songs for a tag and keyword, pages on demand, and polls while songs are generated. */
export function useSongs(tag: string | null, keyword: string): SongsView {
  const [songs, setSongs] = useState<MusicTrack[]>([]);
  const [total, setTotal] = useState(0);
  const [tags, setTags] = useState<SongTagCount[]>([]);
  const [status, setStatus] = useState<SongCatalogueStatus | null>(null);
  const [loading, setLoading] = useState(true);
  const [problem, setProblem] = useState<SongsView['problem']>(null);
  // The page belongs to a filter: a new tag or keyword starts again at page 1.
  const filterKey = `${tag ?? ''}\u0000${keyword}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      setLoading(true);
      try {
        const answer = await musicApi.songs(
          {
            tag: tag ?? undefined,
            keyword: keyword.trim() || undefined,
            page,
            pageSize: PAGE_SIZE,
          },
          { signal: abort.signal, silent: true },
        );
        if (abort.signal.aborted) return;
        // Later pages append; page 1 replaces (a new filter, or a poll while songs appear).
        setSongs((shown) => (page === 1 ? answer.records : [...shown, ...answer.records]));
        setTotal(answer.total);
        setTags(answer.tags);
        setStatus(answer.status);
        setProblem(null);
        if (!answer.status.ready && page === 1) timer = setTimeout(() => void load(), POLL_MS);
      } catch (error) {
        if (abort.signal.aborted) return;
        const status = error instanceof ApiRequestError ? error.status : 0;
        setProblem(status === 401 ? 'signedOut' : status === 403 ? 'forbidden' : 'failed');
      } finally {
        if (!abort.signal.aborted) setLoading(false);
      }
    };
    void load();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [tag, keyword, page, generation]);

  const loadMore = useCallback(() => setPaging({ filterKey, page: page + 1 }), [filterKey, page]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { songs, total, tags, status, loading, problem, loadMore, reload };
}
