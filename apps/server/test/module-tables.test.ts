import fs from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

/**
 * The wall the import rules cannot see: a module's raw SQL naming another module's table. Each module's
 * tables are those its tables.ts declares; a string in a module's code that reads or writes a table
 * (FROM, JOIN, UPDATE, INTO, TABLE) must name one of its own.
 */
const modulesDir = path.resolve(import.meta.dirname, '../src/modules');
const modules = fs
  .readdirSync(modulesDir)
  .filter((name) => fs.existsSync(path.join(modulesDir, name, 'tables.ts')));

async function tablesOf(module: string): Promise<string[]> {
  const exported = await import(path.join(modulesDir, module, 'tables.ts'));
  return Object.values(exported)
    .filter((value) => is(value, PgTable))
    .map((table) => getTableName(table as PgTable));
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Table names a piece of SQL text reads or writes. */
const TABLE_WORD = /\b(?:FROM|JOIN|UPDATE|INTO|TABLE)\s+"?([a-z_][a-z0-9_]*)"?/gi;

describe("each module's SQL names only its own tables", () => {
  it('finds no raw SQL in a module naming a table another module owns', async () => {
    const owner = new Map<string, string>();
    for (const module of modules) for (const table of await tablesOf(module)) owner.set(table, module);
    expect(owner.get('product')).toBe('catalog');
    expect(owner.get('promotion')).toBe('promotions');

    const trespasses: string[] = [];
    for (const module of modules) {
      for (const file of sourceFiles(path.join(modulesDir, module))) {
        const text = fs.readFileSync(file, 'utf8');
        for (const [, table] of text.matchAll(TABLE_WORD)) {
          const tableOwner = owner.get(table!.toLowerCase());
          if (tableOwner && tableOwner !== module)
            trespasses.push(`${path.relative(modulesDir, file)} names ${table}, a table of ${tableOwner}`);
        }
      }
    }
    expect(trespasses).toEqual([]);
  });
});
