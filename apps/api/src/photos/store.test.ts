import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderStore } from './store';

describe('the folder photo store', () => {
  it('writes whole files under its root and reads them back; a missing key is null', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'svc-photos-'));
    const store = folderStore(root);
    await store.put('junk/c/j/p.jpg', Buffer.from('abc'), 'image/jpeg');
    expect((await store.get('junk/c/j/p.jpg'))?.toString()).toBe('abc');
    expect(await store.get('junk/c/j/none.jpg')).toBeNull();
    expect(readdirSync(path.join(root, 'junk/c/j'))).toEqual(['p.jpg']);
  });

  it('never writes outside its root', async () => {
    const store = folderStore(mkdtempSync(path.join(tmpdir(), 'svc-photos-')));
    await expect(store.put('../escape.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/outside the store/);
  });
});
