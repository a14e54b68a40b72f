/**
 * The second baseline: a bare Fastify answering one primary-key select through `pg`, on the port
 * given as argv[2] and the database in DATABASE_URL; the pool is as large as Maika's default.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
let serial = 0;
app.get('/', async () => {
  serial += 1;
  const { rows } = await pool.query('select id, phone, created_at from users where id = $1', [1 + (serial % 50)]);
  return { code: 200, msg: 'ok', data: rows[0] ?? null };
});
await app.listen({ host: '127.0.0.1', port: Number(process.argv[2]) });
process.stdout.write('pg point ready\n');
