import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { orderListJsonSql } from './data-order-sql';

const migrations = path.resolve(__dirname, '../../drizzle');
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The expression the newest migration that (re)defines the trigger function assigns to list_json. */
function committedExpression(): { file: string; expression: string } {
  const files = readdirSync(migrations)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  for (const file of files.reverse()) {
    const text = readFileSync(path.join(migrations, file), 'utf8');
    const match = /FUNCTION "order_list_json"\(\)[\s\S]*?NEW\.list_json := ([\s\S]*?);\s*RETURN NEW;/.exec(text);
    if (match) return { file, expression: match[1] as string };
  }
  throw new Error('no migration defines order_list_json()');
}

describe('the list_json trigger, one definition with presentDataOrder', () => {
  it('the newest migration writes what DATA_ORDER_FIELDS renders (pnpm run db:order-json prints it)', () => {
    const { file, expression } = committedExpression();
    expect({ file, expression: squeeze(expression) }).toEqual({ file, expression: squeeze(orderListJsonSql()) });
  });
});
