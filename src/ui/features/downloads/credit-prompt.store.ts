import { create } from 'zustand';

/** What a bulk download is for: the words of the dialog differ. */
export type BulkPurpose = 'like' | 'pack' | 'selection';

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
}

/** Whether the balance covers the quote. */
export const quoteFits = (quote: CreditQuote): boolean =>
  quote.available === null || quote.cost <= quote.available;

interface CreditPromptState {
  /** The quote on screen, or null when no dialog is open. */
  quote: CreditQuote | null;
  answer: ((confirmed: boolean) => void) | null;
  /** Closes the dialog with the user's answer. */
  settle(confirmed: boolean): void;
}

/** The credit dialog's state: one quote at a time, answered by the user. */
export const useCreditPrompt = create<CreditPromptState>()((set, get) => ({
  quote: null,
  answer: null,
  settle(confirmed) {
    const { answer } = get();
    set({ quote: null, answer: null });
    answer?.(confirmed);
  },
}));

/**
 * Shows the quote and resolves with the user's answer: true to go ahead; always false for a quote
 * the balance does not cover (the dialog then only refuses and offers the plans).
 */
export function askCredits(quote: CreditQuote): Promise<boolean> {
  useCreditPrompt.getState().settle(false);
  return new Promise((resolve) => {
    useCreditPrompt.setState({
      quote,
      answer: (confirmed) => resolve(confirmed && quoteFits(quote)),
    });
  });
}
