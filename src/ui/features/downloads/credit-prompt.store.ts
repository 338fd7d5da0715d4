import { create } from 'zustand';

/** What a bulk download is for: the words of the dialog differ. */
export type BulkPurpose = 'like' | 'pack' | 'selection';

/** One file of a quote that takes a download. */
export interface QuotedItem {
  id: number;
  name: string;
}

/** The cost of a bulk download against the balance, as the dialog shows it. */
export interface CreditQuote {
  purpose: BulkPurpose;
  /** Files that will be downloaded (not yet in the warehouse). */
  files: number;
  /** Downloads the batch takes (0 on an unlimited plan). */
  cost: number;
  /** Downloads left now; null means unlimited. */
  downloadQuota: number | null;
  /** Downloads this batch may use (the balance less downloads in flight); null means unlimited. */
  available: number | null;
  /** The pack's name, for a pack download. */
  name?: string;
  /** The files that take a download, in list order: a short balance picks among them. */
  items: QuotedItem[];
}

/** Whether the balance covers the quote. */
export const quoteFits = (quote: CreditQuote): boolean =>
  quote.available === null || quote.cost <= quote.available;

/** How many of the quoted files the balance covers. */
export const coveredCount = (quote: CreditQuote): number =>
  quote.available === null ? quote.items.length : Math.min(quote.items.length, quote.available);

/**
 * The user's answer: the ids of the quoted files to download (all of them when the balance
 * covers the quote; at most `available` of them when it does not), or null to download nothing.
 */
export type CreditAnswer = number[] | null;

interface CreditPromptState {
  /** The quote on screen, or null when no dialog is open. */
  quote: CreditQuote | null;
  answer: ((answer: CreditAnswer) => void) | null;
  /** Closes the dialog with the user's answer. */
  settle(answer: CreditAnswer): void;
}

/** The credit dialog's state: one quote at a time, answered by the user. */
export const useCreditPrompt = create<CreditPromptState>()((set, get) => ({
  quote: null,
  answer: null,
  settle(answer) {
    const pending = get().answer;
    set({ quote: null, answer: null });
    pending?.(answer);
  },
}));

/**
 * Shows the quote and resolves with the files the user chose (issue 30 §4): every quoted file
 * when the balance covers them; when it does not, the part it covers (the first N, or the ones
 * ticked), never more than `available`; null when the user refuses everything.
 */
export function askCredits(quote: CreditQuote): Promise<CreditAnswer> {
  useCreditPrompt.getState().settle(null);
  const quoted = new Set(quote.items.map((item) => item.id));
  return new Promise((resolve) => {
    useCreditPrompt.setState({
      quote,
      answer: (answer) => {
        const chosen = answer?.filter((id) => quoted.has(id)) ?? [];
        resolve(chosen.length > 0 ? chosen.slice(0, coveredCount(quote)) : null);
      },
    });
  });
}
