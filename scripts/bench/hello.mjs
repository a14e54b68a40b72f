/** The baseline: a bare Fastify answering one small JSON object, on the port given as argv[2]. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ code: 200, msg: 'ok', data: { hello: 'world' } }));
await app.listen({ host: '127.0.0.1', port: Number(process.argv[2]) });
process.stdout.write('hello ready\n');
