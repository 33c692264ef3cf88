import { z } from 'zod';
import { isValidDate } from '../domain/dates';

/** The config file's field types, as a person writes them: money in dollars, percentages as decimals. */
export const dollars = z
  .number('a number of dollars, like 12.50')
  .nonnegative('not below zero')
  .max(1_000_000, 'at most 1,000,000')
  .multipleOf(0.01, 'whole cents, like 12.50');
export const percent = z.number().min(0).max(100);
export const date = z.string().refine(isValidDate, 'expected a date YYYY-MM-DD');
export const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected a time HH:MM (24-hour)');
export const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'expected a hex color like #2563eb');
export const httpsUrl = z.url({ protocol: /^https?$/ });
