import styled from 'styled-components';

/** The admin lists' table: compact rows, muted headings; it scrolls sideways on narrow screens. */
export const AdminTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  & th,
  & td {
    padding: 8px 6px;
    text-align: left;
    vertical-align: top;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  & th {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
`;

/** Wraps a table so it scrolls sideways instead of widening the page. */
export const Scroll = styled.div`
  overflow-x: auto;
`;

/** A small label: a role or a permission. */
export const Chip = styled.span`
  display: inline-block;
  margin: 0 4px 4px 0;
  padding: 1px 8px;
  border-radius: ${({ theme }) => theme.radius.small};
  font-size: ${({ theme }) => theme.font.small};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

/** Controls that change something: hidden below 760 px, where the lists are read-only. */
export const WideOnly = styled.div`
  @media (max-width: 759px) {
    display: none;
  }
`;

/** A row of form controls that wraps on narrow widths. */
export const FormRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(2)} 0;
`;
