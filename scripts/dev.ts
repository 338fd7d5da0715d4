import { spawn, type ChildProcess } from 'node:child_process';

// `npm run dev`: the gateway on :8080 (API only, the client comes from Vite) and Vite with hot
// reload on :5173 proxying /api to the gateway. Ctrl-C stops both.
const children: ChildProcess[] = [];

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    console.log(`[dev] ${name} exited with ${code}`);
    for (const other of children) if (other !== child) other.kill('SIGTERM');
    process.exit(code ?? 0);
  });
  children.push(child);
}

run('gateway', process.execPath, ['server/main.ts'], { PORT: process.env.PORT ?? '8080' });
run('vite', process.execPath, ['node_modules/vite/bin/vite.js'], {
  YINKU_GATEWAY: `http://localhost:${process.env.PORT ?? '8080'}`,
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill('SIGTERM');
  });
}
