import styled from 'styled-components';

// Imported by path, not through index.ts: only lazy screens (admin, orders) show tables, and the
// barrel is in the first bundle.

/** A list as a table: full width, ruled rows, muted small headings; screens add their padding. */
export const DataTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  & th,
  & td {
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  & th {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
`;

/** Wraps a table so it scrolls sideways instead of widening the page. */
export const ScrollX = styled.div`
  overflow-x: auto;
`;
