/**
 * The dumpster flow alone, for a bundle that carries only it (packages/widget, src/flows/dumpster.tsx): the
 * package's index would reach the junk flow as well.
 */
export { answersFromParams } from './answers';
export { BookingFlow } from './flow';
export { HostedDumpster } from './hosted';
export { WidgetDumpster } from './widget';
