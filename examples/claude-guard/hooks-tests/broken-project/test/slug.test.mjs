import assert from 'node:assert/strict';
import { test } from 'node:test';
import { slug } from '../src/slug.mjs';

test('slug joins words with one hyphen', () => {
  assert.equal(slug('Hello,  World!'), 'hello-world');
});
