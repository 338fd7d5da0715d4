import styled, { css } from 'styled-components';

/** A bordered surface for grouping content (forms, plans, settings sections). */
export const Card = styled.section`
  padding: ${({ theme }) => theme.space(5)};
  border-radius: ${({ theme }) => theme.radius.medium};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

/** A page's main heading row. */
export const PageTitle = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: ${({ theme }) => theme.font.title};
  font-weight: 600;
`;

/** Muted secondary text. */
export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * A list laid out as a grid of cards at least `$min` px wide; `$fit` stretches a short row's
 * cards to fill it (auto-fit) instead of keeping empty tracks (auto-fill).
 */
export const CardGrid = styled.ul<{ $min: number; $fit?: boolean }>`
  display: grid;
  grid-template-columns: repeat(
    ${({ $fit }) => ($fit ? 'auto-fit' : 'auto-fill')},
    minmax(${({ $min }) => $min}px, 1fr)
  );
  gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** A details column beside a list: its sections stacked, scrolling on their own. */
export const sidePanel = css`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border-left: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  overflow-y: auto;
`;

/** A wrapping row of small items (tags): a list without bullets or indent. */
export const TagList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0;
  padding: 0;
  list-style: none;
`;
