import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANDIDATE_AUTH_HEADER } from '@tegang/domain';
import { clearToken, setToken } from '../../api/tokens';
import { handlers } from '../../api/request';
import { usePhotoSrc } from './use-photo-src';

/**
 * The stored photo is read from its own address with the token of the side the address belongs to
 * (the candidate's under /api, the administrator's under /candidate) and shown through a blob: URL
 * (docs/decisions.md "Photos by their own address"); a chosen or draft photo is shown as it is. The
 * server is a mocked fetch.
 */
const PHOTO = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
const answer = (status: number) =>
  ({
    ok: status === 200,
    status,
    headers: new Headers({ 'content-type': 'image/jpeg' }),
    blob: async () => PHOTO,
    json: async () => ({ code: status, msg: 'refused', data: null }),
  }) as Response;
const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer(200));

function Shown({ url }: { url: string | null }) {
  const { src, loading, failed } = usePhotoSrc(url);
  return <span data-testid="src">{loading ? 'loading' : failed ? 'failed' : (src ?? 'none')}</span>;
}
const shown = () => screen.getByTestId('src').textContent;
const headerOf = (call: number, name: string) =>
  (fetchMock.mock.calls[call]![1]!.headers as Record<string, string>)[name];

describe('usePhotoSrc', () => {
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:photo');
    URL.revokeObjectURL = vi.fn();
    setToken('candidate', 'tok-1');
    setToken('admin', 'adm-1');
  });
  afterEach(() => {
    cleanup();
    clearToken('candidate');
    clearToken('admin');
    vi.unstubAllGlobals();
  });

  it("reads a stored photo's address with the candidate's token and shows it as a blob: URL", async () => {
    const view = render(<Shown url="/api/enroll/photo/7/AAAAAAAAAAAAAAAAAAAAAA.jpg" />);
    expect(shown()).toBe('loading');
    await waitFor(() => expect(shown()).toBe('blob:photo'));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/enroll/photo/7/AAAAAAAAAAAAAAAAAAAAAA.jpg');
    expect(headerOf(0, CANDIDATE_AUTH_HEADER)).toBe('Bearer tok-1');
    expect(headerOf(0, 'Authorization')).toBeUndefined();
    view.unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:photo');
  });

  it("reads the console's photo address with the administrator's token", async () => {
    render(<Shown url="/candidate/enroll/photo/7/AAAAAAAAAAAAAAAAAAAAAA.jpg" />);
    expect(shown()).toBe('loading');
    await waitFor(() => expect(shown()).toBe('blob:photo'));
    expect(fetchMock.mock.calls[0]![0]).toBe('/candidate/enroll/photo/7/AAAAAAAAAAAAAAAAAAAAAA.jpg');
    expect(headerOf(0, 'Authorization')).toBe('Bearer adm-1');
    expect(headerOf(0, CANDIDATE_AUTH_HEADER)).toBeUndefined();
  });

  it('shows a chosen or draft photo as it is, without a request, and nothing for no photo', () => {
    const view = render(<Shown url="data:image/jpeg;base64,AAAA" />);
    expect(shown()).toBe('data:image/jpeg;base64,AAAA');
    view.rerender(<Shown url={null} />);
    expect(shown()).toBe('none');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says so when the photo cannot be read', async () => {
    fetchMock.mockResolvedValueOnce(answer(404));
    render(<Shown url="/api/enroll/photo/7/BBBBBBBBBBBBBBBBBBBBBB.jpg" />);
    await waitFor(() => expect(shown()).toBe('failed'));
  });

  it("hands a 401 to the side's session handler, as every call", async () => {
    const unauthorized = vi.spyOn(handlers.unauthorized, 'admin').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(answer(401));
    render(<Shown url="/candidate/enroll/photo/7/CCCCCCCCCCCCCCCCCCCCCC.jpg" />);
    await waitFor(() => expect(shown()).toBe('failed'));
    expect(unauthorized).toHaveBeenCalledOnce();
    unauthorized.mockRestore();
  });
});
