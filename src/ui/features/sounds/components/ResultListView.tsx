import type { ReactNode } from 'react';
import type { ListPage, Sample } from '../../../../shared/index.ts';
import { useLanguage } from '../hooks/use-language.ts';
import { gridOfList, usePagedList } from '../hooks/use-paged-list.ts';
import { SampleList } from './SampleList.tsx';

/** Props of ResultListView. */
interface ResultListViewProps {
  /** What the list shows; a new key loads it again (the language is added here). */
  listKey: string;
  /** The whole answer: similar lists are one short page, nearest first. */
  load(signal: AbortSignal, silent: boolean): Promise<ListPage<Sample>>;
  label?: string;
  /** What the page shows when nothing sounds alike. */
  empty?: ReactNode;
}

/**
 * A one-page ranked answer (similar samples) in the same grid as every list, so rows play,
 * audition, like and download, and ↑/↓/space work as anywhere; no filters or sorts, because
 * the order is the answer (nearest first).
 */
export function ResultListView({ listKey, load, label, empty }: ResultListViewProps) {
  const language = useLanguage();
  const key = JSON.stringify([listKey, language]);
  // The answer is one page; its total is what came, so the grid never asks for a second.
  const fetchPage = async (page: number, pageSize: number, signal: AbortSignal) => {
    if (page > 1) return { records: [], total: 0, page, pageSize };
    const answer = await load(signal, true);
    return { ...answer, total: answer.records.length };
  };
  const list = usePagedList<Sample>(key, fetchPage);
  return <SampleList key={key} {...gridOfList(list)} label={label} empty={empty} />;
}
