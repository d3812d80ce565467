// A throwaway npm registry on 127.0.0.1 that serves the packages installed in a node_modules tree,
// so a test can `npm install` a tarball into an empty project on a machine with an empty npm cache
// and no network: each request for a package is answered from that tree (a packument listing every
// installed version, and a tarball packed from the installed files). Nothing is fetched from
// anywhere else; a package that is not installed there answers 404, which fails the install.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface LocalRegistry {
  /** `http://127.0.0.1:<port>/`, for `npm_config_registry`. */
  url: string;
  /** Every request path, in order (for assertions and failure messages). */
  requests: string[];
  /** Paths that were answered 404. */
  misses: string[];
  close(): Promise<void>;
}

interface Installed {
  dir: string;
  manifest: Record<string, unknown> & { name: string; version: string };
}

/** Every package under a node_modules tree (nested node_modules included), by name and version. */
function installedPackages(nodeModules: string): Map<string, Map<string, Installed>> {
  const packages = new Map<string, Map<string, Installed>>();
  const visit = (modulesDir: string) => {
    for (const entry of safeReaddir(modulesDir)) {
      if (entry.startsWith('.')) continue;
      const dirs = entry.startsWith('@')
        ? safeReaddir(join(modulesDir, entry)).map((name) => join(modulesDir, entry, name))
        : [join(modulesDir, entry)];
      for (const dir of dirs) {
        const manifest = readManifest(dir);
        if (manifest) {
          const versions = packages.get(manifest.name) ?? new Map<string, Installed>();
          versions.set(manifest.version, { dir, manifest });
          packages.set(manifest.name, versions);
        }
        visit(join(dir, 'node_modules'));
      }
    }
  };
  visit(nodeModules);
  return packages;
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function readManifest(dir: string): Installed['manifest'] | null {
  try {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Installed['manifest'];
    return typeof manifest.name === 'string' && typeof manifest.version === 'string' ? manifest : null;
  } catch {
    return null;
  }
}

/** The files of an installed package (its own node_modules excluded), relative, sorted. */
function packageFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) {
        if (current === dir && entry.name === 'node_modules') continue;
        walk(path);
      } else if (entry.isFile()) files.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return files.sort();
}

/** One ustar header block (POSIX.1-1988); long paths use the 155-byte prefix field. */
function tarHeader(path: string, size: number, mode: number): Buffer {
  const header = Buffer.alloc(512);
  let name = path;
  let prefix = '';
  if (Buffer.byteLength(path) > 100) {
    const slashes = [...path.matchAll(/\//g)].map((match) => match.index).reverse();
    const split = slashes.find((at) => Buffer.byteLength(path.slice(at + 1)) <= 100 && Buffer.byteLength(path.slice(0, at)) <= 155);
    if (split === undefined) throw new Error(`path too long for a tar header: ${path}`);
    prefix = path.slice(0, split);
    name = path.slice(split + 1);
  }
  const field = (text: string, offset: number, length: number) => header.write(text, offset, length, 'utf8');
  const octal = (value: number, offset: number, length: number) => field(value.toString(8).padStart(length - 1, '0'), offset, length - 1);
  field(name, 0, 100);
  octal(mode, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(0, 136, 12);
  header.fill(' ', 148, 156);
  field('0', 156, 1);
  field('ustar\u000000', 257, 8);
  field(prefix, 345, 155);
  let sum = 0;
  for (const byte of header) sum += byte;
  field(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8);
  return header;
}

/** A gzipped tarball of an installed package, laid out as npm packs one (`package/…`). */
function packTarball(dir: string): Buffer {
  const blocks: Buffer[] = [];
  for (const file of packageFiles(dir)) {
    const path = join(dir, file);
    const content = readFileSync(path);
    const mode = statSync(path).mode & 0o111 ? 0o755 : 0o644;
    blocks.push(tarHeader(`package/${file}`, content.length, mode), content, Buffer.alloc((512 - (content.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

function tarballName(name: string, version: string): string {
  return `${name.split('/').pop()}-${version}.tgz`;
}

/**
 * Starts the registry for the packages installed under the `nodeModules` trees (read at each
 * request, so a tree filled later is served too). Packuments list each installed version with the
 * integrity of the tarball this registry serves for it.
 */
export async function startLocalRegistry(...nodeModules: string[]): Promise<LocalRegistry> {
  let packages = new Map<string, Map<string, Installed>>();
  const rescan = () => {
    packages = new Map();
    for (const tree of nodeModules) {
      for (const [name, versions] of installedPackages(tree)) {
        const merged = packages.get(name) ?? new Map<string, Installed>();
        for (const [version, installed] of versions) if (!merged.has(version)) merged.set(version, installed);
        packages.set(name, merged);
      }
    }
  };
  const tarballs = new Map<string, Buffer>();
  const tarballOf = (installed: Installed) => {
    const key = `${installed.manifest.name}@${installed.manifest.version}`;
    const known = tarballs.get(key);
    if (known) return known;
    const tarball = packTarball(installed.dir);
    tarballs.set(key, tarball);
    return tarball;
  };
  const requests: string[] = [];
  const misses: string[] = [];
  let base = '';

  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/');
    requests.push(path);
    rescan();
    const tarball = /^\/((?:@[^/]+\/)?[^/]+)\/-\/([^/]+)$/.exec(path);
    const packument = /^\/((?:@[^/]+\/)?[^/]+)$/.exec(path);
    if (tarball) {
      const versions = packages.get(tarball[1]!);
      const installed = [...(versions?.values() ?? [])].find(
        (candidate) => tarballName(candidate.manifest.name, candidate.manifest.version) === tarball[2],
      );
      if (installed) {
        response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(tarballOf(installed));
        return;
      }
    } else if (packument && packages.has(packument[1]!)) {
      const name = packument[1]!;
      const versions = [...packages.get(name)!.values()];
      const body = {
        name,
        'dist-tags': {
          latest: versions
            .map((v) => v.manifest.version)
            .sort(compareVersions)
            .at(-1),
        },
        versions: Object.fromEntries(
          versions.map((installed) => {
            const data = tarballOf(installed);
            return [
              installed.manifest.version,
              {
                ...installed.manifest,
                dist: {
                  tarball: `${base}${name}/-/${tarballName(name, installed.manifest.version)}`,
                  integrity: `sha512-${createHash('sha512').update(data).digest('base64')}`,
                  shasum: createHash('sha1').update(data).digest('hex'),
                },
              },
            ];
          }),
        ),
      };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      return;
    }
    misses.push(path);
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    url: base,
    requests,
    misses,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // npm keeps connections alive
      }),
  };
}

/** Orders plain x.y.z versions (prerelease tags compare as text); enough to pick a `latest`. */
function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/);
  const pb = b.split(/[.-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '';
    const y = pb[i] ?? '';
    const diff = /^\d+$/.test(x) && /^\d+$/.test(y) ? Number(x) - Number(y) : x.localeCompare(y);
    if (diff !== 0) return diff;
  }
  return 0;
}
