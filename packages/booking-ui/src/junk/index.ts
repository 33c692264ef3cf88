/** The junk flow alone, for a bundle that carries only it (packages/widget, src/flows/junk.tsx). */
export { JunkFlow } from './flow';
export { HostedJunk } from './hosted';
export { WidgetJunk } from './widget';
