import { beforeEach, describe, expect, it } from 'vitest';
import { sanitizeNavigation, useNavigationStore } from './navigation.store.ts';

const nav = () => useNavigationStore.getState();

beforeEach(() => {
  localStorage.clear();
  useNavigationStore.setState({ history: [], currentIndex: -1, tabs: [] });
});

describe('page history', () => {
  it('moves back and forward within bounds', () => {
    ['/a', '/b', '/c'].forEach((p) => nav().visit(p));
    expect(nav().back()).toBe('/b');
    expect(nav().back()).toBe('/a');
    expect(nav().back()).toBeNull();
    expect(nav().currentIndex).toBe(0);
    expect(nav().forward()).toBe('/b');
    expect(nav().forward()).toBe('/c');
    expect(nav().forward()).toBeNull();
    expect(nav().currentIndex).toBe(2);
  });

  it('drops forward entries when navigating after going back', () => {
    ['/a', '/b', '/c'].forEach((p) => nav().visit(p));
    nav().back();
    nav().back();
    nav().visit('/d');
    expect(nav().history).toEqual(['/a', '/d']);
    expect(nav().currentIndex).toBe(1);
    expect(nav().forward()).toBeNull();
  });

  it('ignores a visit to the page already current (back/forward landing)', () => {
    ['/a', '/b'].forEach((p) => nav().visit(p));
    const target = nav().back()!;
    nav().visit(target);
    expect(nav().history).toEqual(['/a', '/b']);
    expect(nav().currentIndex).toBe(0);
  });
});

describe('tabs', () => {
  beforeEach(() => {
    ['/sounds', '/login', '/preferences', '/404', '/songai', '/profile/ac', '/sounds'].forEach(
      (p) => nav().visit(p),
    );
  });

  it('keeps excluded paths out and opens each page once', () => {
    expect(nav().tabs).toEqual(['/sounds', '/preferences', '/songai', '/profile/ac']);
  });

  it('removes by index, to the right, and others', () => {
    expect(nav().removeTabs('index', 1)).toEqual(['/sounds', '/songai', '/profile/ac']);
    expect(nav().removeTabs('right', 1)).toEqual(['/sounds', '/songai']);
    expect(nav().removeTabs('other', 1)).toEqual(['/songai']);
    expect(nav().removeTabs('index', 5)).toEqual(['/songai']); // out of range: no change
  });
});

describe('stored navigation', () => {
  it('clamps a bad index and drops invalid tabs', () => {
    expect(
      sanitizeNavigation({ history: ['/a', '/b'], currentIndex: 9, tabs: ['/a', '/login', 3] }),
    ).toEqual({ history: ['/a', '/b'], currentIndex: 1, tabs: [] });
    expect(
      sanitizeNavigation({ history: ['/a'], currentIndex: 0, tabs: ['/a', '/404', '/a'] }),
    ).toEqual({ history: ['/a'], currentIndex: 0, tabs: ['/a'] });
    expect(sanitizeNavigation(null)).toEqual({ history: [], currentIndex: -1, tabs: [] });
  });
});
