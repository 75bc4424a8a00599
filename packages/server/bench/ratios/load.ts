/**
 * The load generator of `npm run bench:ratios`, a process of its own (never the server's or the
 * orchestrator's): `tsx load.ts <spec.json>` runs one autocannon run described by the spec and prints
 * one JSON line, a {@link LoadResult}. Kinds:
 * - get: GETs cycling through `paths`, each connection with its own token from `tokens` (header
 *   `tokenHeader`, "Bearer <token>");
 * - login: POST `path` with {userName, password} of `users` in turn; `encrypt` (the project's encrypted
 *   call: ECDH-ES P-256 + AES-GCM with `publicKey`, as the web app sends it) decrypts the answers and, with
 *   `tokensOut`, writes the session token of each user that logged in (first token per user) to that
 *   file as a JSON array of {userName, token};
 * - apply: POST /api/apply multipart (the fields of `applicants` in turn, one application each, and the
 *   photo of `photoFile` as updateImg), each with its applicant's token.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import { decryptData, encryptPayload, importPublicKey, type EncryptedData } from '@tegang/domain';

export interface LoadSpec {
  base: string;
  connections: number;
  seconds: number;
  kind: 'get' | 'login' | 'apply';
  paths?: string[];
  tokenHeader?: string;
  tokens?: string[];
  path?: string;
  users?: { userName: string; password: string }[];
  /** The first user of `users` to log in (a run continues where the previous one stopped). */
  offset?: number;
  encrypt?: boolean;
  publicKey?: string;
  tokensOut?: string;
  photoFile?: string;
  applicants?: { token: string; fields: Record<string, string> }[];
}

export interface LoadResult {
  /** Answers with a 2xx status per second over the run. */
  perSecond: number;
  p50ms: number;
  p99ms: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  seconds: number;
  /** Answers by status code when some were not 2xx. */
  statuses?: Record<string, number>;
  /** login: the index in `users` after the last one sent. */
  nextUser?: number;
}

/** A multipart/form-data body of `fields` and the photo as `updateImg` (the web app's apply form). */
function multipart(fields: Record<string, string>, photo: Buffer) {
  const boundary = `----ratios${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="updateImg"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

type Request = autocannon.Request;

async function main(specFile: string) {
  const spec = JSON.parse(fs.readFileSync(specFile, 'utf8')) as LoadSpec;
  const url = new URL(spec.base);
  let requests: Request[];
  const pending: Promise<void>[] = [];
  const tokens = new Map<string, string>();
  let nextUser = () => 0;

  if (spec.kind === 'get') {
    // Each connection is one candidate: its token on every request of the mix (a client's setHeaders
    // would set only the current request of a sequence).
    let connection = 0;
    requests = spec.paths!.map((p) => ({
      method: 'GET',
      path: p,
      setupRequest: (req, context) => {
        const c = context as { token?: string };
        c.token ??= spec.tokens![connection++ % spec.tokens!.length]!;
        return { ...req, headers: { ...req.headers, [spec.tokenHeader!]: `Bearer ${c.token}` } };
      },
    }));
  } else if (spec.kind === 'login') {
    const users = spec.users!;
    const key = spec.encrypt ? await importPublicKey(spec.publicKey!) : null;
    // Bodies are made before the run: the client's encryption is not the server's time.
    const bodies = await Promise.all(
      users.map(async (u) => {
        if (!key) return { body: JSON.stringify(u), key: null };
        const sealed = await encryptPayload(key, { ...u, captcha: '', uuid: '' });
        return { body: JSON.stringify(sealed.body), key: sealed.key };
      }),
    );
    let next = spec.offset ?? 0;
    nextUser = () => next % bodies.length;
    requests = [
      {
        method: 'POST',
        path: spec.path!,
        headers: { 'content-type': 'application/json' },
        setupRequest: (req, context) => {
          const i = next++ % bodies.length;
          (context as { i?: number }).i = i;
          return { ...req, body: bodies[i]!.body };
        },
        onResponse: (status, body, context) => {
          if (!spec.tokensOut || status !== 200) return;
          const i = (context as { i: number }).i;
          const sealed = bodies[i]!;
          if (!sealed.key || tokens.has(users[i]!.userName)) return;
          const answer = JSON.parse(body) as { data: EncryptedData };
          pending.push(
            decryptData<string>(sealed.key, answer.data).then((token) => {
              if (!tokens.has(users[i]!.userName)) tokens.set(users[i]!.userName, token);
            }),
          );
        },
      },
    ];
  } else {
    const photo = fs.readFileSync(spec.photoFile!);
    const applicants = spec.applicants!;
    let next = 0;
    requests = [
      {
        method: 'POST',
        path: '/api/apply',
        setupRequest: (req) => {
          const a = applicants[next++ % applicants.length]!;
          const { body, type } = multipart(a.fields, photo);
          return {
            ...req,
            body: body as unknown as string,
            headers: { 'content-type': type, 'user-authorization': `Bearer ${a.token}` },
          };
        },
      },
    ];
  }

  const result = await autocannon({
    url: `${url.protocol}//${url.host}`,
    connections: spec.connections,
    duration: spec.seconds,
    timeout: 60,
    requests,
  });
  await Promise.all(pending);
  if (spec.tokensOut)
    fs.writeFileSync(
      spec.tokensOut,
      JSON.stringify([...tokens].map(([userName, token]) => ({ userName, token }))),
    );
  const ok = result['2xx'];
  // BENCH_LATENCY=<file> (run.ts): the whole latency distribution, not only p50 and p99.
  if (process.env.BENCH_LATENCY)
    fs.appendFileSync(
      process.env.BENCH_LATENCY,
      `${spec.path ?? spec.kind} ${JSON.stringify(result.latency)}\n`,
    );
  const out: LoadResult = {
    perSecond: Math.round((10 * ok) / result.duration) / 10,
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    ok,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    seconds: result.duration,
    ...(result.non2xx && {
      statuses: Object.fromEntries(
        Object.entries(result.statusCodeStats ?? {}).map(([code, v]) => [code, v.count]),
      ),
    }),
    ...(spec.kind === 'login' && { nextUser: nextUser() }),
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

main(process.argv[2]!).catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
