import styled from 'styled-components';
import { TagList } from '../../../components/index.ts';

/** A sounds page: a column filling the frame, the list taking the remaining height. */
export const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 0;
  & h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.title};
  }
  & h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.large};
  }
`;

/** A row of links (categories, primary names). */
export const Chips = styled(TagList)`
  gap: ${({ theme }) => theme.space(2)};
  & a {
    display: inline-block;
    padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 16px;
    color: inherit;
    text-decoration: none;
  }
  & a:hover,
  & a[aria-current='page'] {
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primary};
  }
`;
