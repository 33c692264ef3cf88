export { fetchCompanyEmbed } from '@svc/sdk';
export { type Attribution, attributionOf, rememberAttribution } from './attribution';
export {
  type Answers,
  answersFromParams,
  answersToParams,
  dumpsterCodec,
  EMPTY_ANSWERS,
  type Field,
  type FieldErrors,
  validateAnswers,
} from './dumpster/answers';
export { type DumpsterPreload, type Loaded, loadCatalog, startingAnswers } from './dumpster/catalog';
export { BookingFlow, type BookingFlowProps } from './dumpster/flow';
export { explainCheck, explainCode, explainError } from './dumpster/messages';
export { confirmedPageUrl, intentBody } from './dumpster/requests';
export { type Checkout, type CheckoutOptions, useCheckout } from './engine/checkout';
export { PaymentComponent } from './engine/payment';
export { CheckoutScreens, FlowFrame, LoadError, Loading } from './engine/screens';
export type {
  BookingComplete,
  BookingUnconfirmed,
  Channel,
  CompanyEmbed,
  Done,
  Pending,
  Phase,
  Service,
  Settled,
  WidgetProps,
} from './engine/types';
export { type JunkAnswers, junkCodec, junkFromParams, validateJunk } from './junk/answers';
export { type JunkLoaded, type JunkPreload, loadJunk, startingJunk } from './junk/catalog';
export { JunkFlow, type JunkFlowProps } from './junk/flow';
export { Brand, HostedFlow, Message, type PageInput, pageCss, SUBTITLES } from './page';
export { type AnswerStore, sessionStore, urlStore } from './stores';
export { bookingCss } from './styles';
export { WidgetFlow, type WidgetInput } from './widget';
