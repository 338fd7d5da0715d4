import styled from 'styled-components';
import { DataTable, ScrollX } from '../../components/DataTable.ts';

/** The admin lists' table: compact rows, cells aligned to the top; it scrolls on narrow screens. */
export const AdminTable = styled(DataTable)`
  & th,
  & td {
    padding: 8px 6px;
    vertical-align: top;
  }
`;

/** Wraps a table so it scrolls sideways instead of widening the page. */
export const Scroll = ScrollX;

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
