import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANDIDATE_AUTH_HEADER } from '@tegang/domain';
import { clearToken, setToken } from '../../../api/tokens';
import { usePhotoSrc } from './use-photo-src';

/**
 * The stored photo is read from its own address with the candidate's token and shown through a
 * blob: URL (docs/decisions.md "Photos by their own address"); a chosen or draft photo is shown as it
 * is. The server is a mocked fetch.
 */
const PHOTO = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
const answer = (status: number) => ({ ok: status === 200, status, blob: async () => PHOTO }) as Response;
const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer(200));

function Shown({ url }: { url: string | null }) {
  const src = usePhotoSrc(url);
  return <span data-testid="src">{src ?? 'none'}</span>;
}

describe('usePhotoSrc', () => {
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:photo');
    URL.revokeObjectURL = vi.fn();
    setToken('candidate', 'tok-1');
  });
  afterEach(() => {
    cleanup();
    clearToken('candidate');
    vi.unstubAllGlobals();
  });

  it("reads a stored photo's address with the candidate's token and shows it as a blob: URL", async () => {
    const view = render(<Shown url="/api/enroll/photo/7/AAAAAAAAAAAAAAAAAAAAAA.jpg" />);
    expect(screen.getByTestId('src').textContent).toBe('none');
    await waitFor(() => expect(screen.getByTestId('src').textContent).toBe('blob:photo'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/enroll/photo/7/AAAAAAAAAAAAAAAAAAAAAA.jpg');
    expect((init!.headers as Record<string, string>)[CANDIDATE_AUTH_HEADER]).toBe('Bearer tok-1');
    view.unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:photo');
  });

  it('shows a chosen or draft photo as it is, without a request', () => {
    render(<Shown url="data:image/jpeg;base64,AAAA" />);
    expect(screen.getByTestId('src').textContent).toBe('data:image/jpeg;base64,AAAA');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows nothing when the photo cannot be read', async () => {
    fetchMock.mockResolvedValueOnce(answer(404));
    render(<Shown url="/api/enroll/photo/7/BBBBBBBBBBBBBBBBBBBBBB.jpg" />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByTestId('src').textContent).toBe('none');
  });
});
