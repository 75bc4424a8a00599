/**
 * The server process of `bench/sessions.ts`: the whole app (buildApp, as `npm start` builds it) on
 * DATABASE_URL, listening on 127.0.0.1:PORT; prints "listening" once it does. Configuration from the
 * environment (loadConfig). Copied beside another checkout's `src` to measure that version.
 */
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db';

const config = loadConfig(process.env);
const database = openDatabase(process.env.DATABASE_URL!, 10);
const app = await buildApp({ config, database });
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('listening\n');
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
