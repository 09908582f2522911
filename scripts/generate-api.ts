/**
 * Generates, from openapi/openapi.yaml:
 * - src/web/api/generated.ts: the RTK Query endpoints (@rtk-query/codegen-openapi)
 * - src/server/api-types.ts: the request and response types the server uses (openapi-typescript)
 * `--check` regenerates into memory and exits non-zero when a committed file is stale.
 */
import { mkdtemp, readFile, rm, writeFile, copyFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generateEndpoints } from '@rtk-query/codegen-openapi';
import openapiTS, { astToString } from 'openapi-typescript';

const root = path.resolve(__dirname, '..');
const schemaFile = path.join(root, 'openapi/openapi.yaml');
export const generatedFiles = {
  web: path.join(root, 'src/web/api/generated.ts'),
  server: path.join(root, 'src/server/api-types.ts'),
};

const banner = '/* Generated from openapi/openapi.yaml by `npm run generate:api`. Do not edit. */\n';

async function webSource(): Promise<string> {
  // The codegen writes files only; generate into a scratch copy of the api folder and read it back.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'api-gen-'));
  try {
    await mkdir(dir, { recursive: true });
    await copyFile(path.join(root, 'src/web/api/emptyApi.ts'), path.join(dir, 'emptyApi.ts'));
    const outputFile = path.join(dir, 'generated.ts');
    await generateEndpoints({
      schemaFile,
      apiFile: path.join(dir, 'emptyApi.ts'),
      apiImport: 'emptyApi',
      outputFile,
      exportName: 'generatedApi',
      hooks: true,
      tag: true,
    });
    const code = await readFile(outputFile, 'utf8');
    return banner + code.replace(/from "[^"]*\/emptyApi"/, 'from "./emptyApi"');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function serverSource(): Promise<string> {
  const ast = await openapiTS(new URL(`file://${schemaFile}`));
  return banner + astToString(ast);
}

export async function generateAll(): Promise<Record<keyof typeof generatedFiles, string>> {
  const [web, server] = await Promise.all([webSource(), serverSource()]);
  return { web, server };
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const sources = await generateAll();
  let stale = false;
  for (const key of Object.keys(generatedFiles) as (keyof typeof generatedFiles)[]) {
    const file = generatedFiles[key];
    if (check) {
      const current = await readFile(file, 'utf8').catch(() => '');
      if (current !== sources[key]) {
        stale = true;
        console.error(`${path.relative(root, file)} is stale: run npm run generate:api`);
      }
    } else {
      await writeFile(file, sources[key]);
      console.log(`wrote ${path.relative(root, file)}`);
    }
  }
  if (stale) process.exitCode = 1;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
