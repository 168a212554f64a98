// A real AT Protocol PDS (@atproto/pds on SQLite) and an in-memory PLC directory (@did-plc/server),
// on loopback only, for the Bluesky publishing tests. Prints one JSON line ({ pdsUrl, ... }) when
// ready; SIGTERM or SIGINT stops both and deletes the data folder.
const net = require('node:net');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');

// Both servers call listen(port) without a host: bind them to 127.0.0.1, never to every interface.
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function listenOnLoopback(...args) {
  if ((args[0] == null || typeof args[0] === 'number') && typeof args[1] !== 'string') {
    if (args.length === 0) args.push(0);
    args.splice(1, 0, '127.0.0.1');
  }
  return listen.apply(this, args);
};

const pds = require('@atproto/pds');
const plc = require('@did-plc/server');
const { Secp256k1Keypair } = require('@atproto/crypto');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function main() {
  const plcPort = await freePort();
  const plcServer = plc.PlcServer.create({ db: plc.Database.mock(), port: plcPort });
  await plcServer.start();

  const port = await freePort();
  const dataDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'threadsnip-pds-'));
  const rotationKey = await Secp256k1Keypair.create({ exportable: true });
  const env = {
    devMode: true, // http and localhost allowed
    port,
    hostname: 'localhost',
    dataDirectory,
    blobstoreDiskLocation: path.join(dataDirectory, 'blobs'),
    didPlcUrl: `http://localhost:${plcPort}`,
    serviceHandleDomains: ['.test'],
    recoveryDidKey: (await Secp256k1Keypair.create()).did(),
    plcRotationKeyK256PrivateKeyHex: Buffer.from(await rotationKey.export()).toString('hex'),
    jwtSecret: crypto.randomBytes(16).toString('hex'),
    adminPassword: crypto.randomBytes(16).toString('hex'),
    inviteRequired: false,
    disableSsrfProtection: true,
    // The AppView app.bsky.* reads are proxied to: a test's stand-in when it names one
    // (THREADSNIP_APPVIEW_URL and _DID), else none, and those reads fail (502).
    bskyAppViewUrl: process.env.THREADSNIP_APPVIEW_URL || 'https://appview.invalid',
    bskyAppViewDid: process.env.THREADSNIP_APPVIEW_DID || 'did:example:invalid',
    modServiceUrl: 'https://moderator.invalid',
    modServiceDid: 'did:example:invalid',
  };
  const server = await pds.PDS.create(pds.envToCfg(env), pds.envToSecrets(env));
  await server.start();

  const stop = async () => {
    await server.destroy();
    await plcServer.destroy();
    fs.rmSync(dataDirectory, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // The test process holds our stdin: when it ends (even by a crash), so do we.
  process.stdin.once('end', stop);
  process.stdin.resume();
  console.log(JSON.stringify({ pdsUrl: `http://127.0.0.1:${port}`, plcUrl: `http://localhost:${plcPort}` }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
