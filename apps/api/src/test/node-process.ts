import type { ChildProcess } from 'node:child_process';

/**
 * The address a node started by test/cluster-node.ts prints (`{"url": …}` on stdout) once it
 * listens; rejects if the process exits first or takes over 60 s. Used by the multi-node tests.
 */
export function nodeUrl(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('node did not start in 60 s')), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{"url"'));
      if (line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { url: string }).url);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`node exited (${code})`));
    });
  });
}
