import { describe, expect, it } from 'vitest';
import { containsPattern, officeSearchOf, searchOf } from './search';

describe('searchOf', () => {
  it.each([
    ['Pat', { text: 'Pat', digits: null }],
    ['  pat@example.com ', { text: 'pat@example.com', digits: null }],
    ['+1 (212) 555-0199', { text: '+1 (212) 555-0199', digits: '12125550199' }],
    ['555.01', { text: '555.01', digits: '55501' }],
    ['555', { text: '555', digits: '555' }],
    // Too few digits to mean a phone, or digits inside other text: names and e-mails only.
    ['55', { text: '55', digits: null }],
    ['pat555', { text: 'pat555', digits: null }],
    ['Unit 12B', { text: 'Unit 12B', digits: null }],
  ])('%j', (q, expected) => {
    expect(searchOf(q)).toEqual(expected);
  });
});

describe('containsPattern', () => {
  it.each([
    ['pat', '%pat%'],
    ['100%', '%100\\%%'],
    ['a_b', '%a\\_b%'],
    ['back\\slash', '%back\\\\slash%'],
  ])('%j -> %j', (text, pattern) => {
    expect(containsPattern(text)).toBe(pattern);
  });
});

describe('officeSearchOf', () => {
  it.each([
    ['Elm', { text: 'elm', digits: null, number: null }],
    ['  ELM st ', { text: 'elm st', digits: null, number: null }],
    ['(512) 555-0100', { text: '(512) 555-0100', digits: '5125550100', number: null }],
    ['#1042', { text: null, digits: null, number: 1042 }],
    ['1042', { text: '1042', digits: '1042', number: 1042 }],
    ['7', { text: null, digits: null, number: 7 }],
    ['%_\\', { text: '%_\\', digits: null, number: null }],
  ])('%j', (q, expected) => {
    expect(officeSearchOf(q)).toEqual(expected);
  });

  it.each(['al', '#', 'x ', ' ab '])('refuses %j: too short for the index, and not a number', (q) => {
    expect(officeSearchOf(q)).toHaveProperty('error');
  });
});
