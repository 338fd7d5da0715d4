import { Fragment } from 'react';
import styled from 'styled-components';

/**
 * Splits a lyrics prompt into lines: the catalogue stores line breaks escaped (a backslash
 * followed by n, or r-n), and real line breaks count too.
 */
export function splitPrompt(text: string): string[] {
  return text.split(/\\r\\n|\\n|\r?\n/);
}

const Text = styled.p`
  margin: 0;
  line-height: 1.7;
  white-space: normal;
  overflow-wrap: anywhere;
`;

/** A lyrics prompt with its escaped line breaks shown as real ones; the text is never parsed as markup. */
export function PromptText({ text, className }: { text: string; className?: string }) {
  return (
    <Text className={className} data-testid="song-prompt">
      {splitPrompt(text).map((line, index) => (
        // Lines are positional and never reordered, so the index is a stable key.
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}
