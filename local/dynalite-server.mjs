// dynalite in a process of its own for the local stack: the handlers and the database then each have
// an event loop (on 2 cores, a core each) instead of sharing one. Arguments: port, data folder.
// Prints `ready` once listening; on SIGTERM or SIGINT, or when the stack's process is gone (its IPC
// channel closes, even after a SIGKILL), closes the server, which closes LevelDB and frees its lock.
import dynalite from 'dynalite';

const [port, dataPath] = process.argv.slice(2);
const server = dynalite({ path: dataPath, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
server.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
const stop = () => server.close(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.once('disconnect', stop);
