import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DictItem } from '@tegang/domain';
import { DictSelect, SEARCH_MIN_OPTIONS, searchable } from './dict';

const items = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ value: String(i), label: `项${i}` }) as DictItem);

vi.mock('../api/reference', () => ({
  listDictItems: (type: string) => Promise.resolve(items(type === 'long' ? 20 : 2)),
}));

function renderSelect(type: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DictSelect type={type} data-testid="dict" />
    </QueryClientProvider>,
  );
}

/** A short dropdown is only tapped (no keyboard on a phone); a long one can be searched. */
describe('DictSelect search', () => {
  afterEach(cleanup);

  it('searches only lists longer than SEARCH_MIN_OPTIONS', () => {
    expect(searchable(2)).toBe(false);
    expect(searchable(SEARCH_MIN_OPTIONS)).toBe(false);
    expect(searchable(SEARCH_MIN_OPTIONS + 1)).toBe(true);
    expect(searchable(undefined)).toBe(false);
  });

  it('has no search input with 2 options', async () => {
    renderSelect('short');
    await waitFor(() => expect(document.querySelector('.ant-select-loading')).toBeNull());
    expect(screen.getByRole('combobox').hasAttribute('readonly')).toBe(true);
    expect(document.querySelector('.ant-select-show-search')).toBeNull();
  });

  it('has a search input with 20 options', async () => {
    renderSelect('long');
    await waitFor(() => expect(document.querySelector('.ant-select-show-search')).not.toBeNull());
    expect(screen.getByRole('combobox').hasAttribute('readonly')).toBe(false);
  });
});
