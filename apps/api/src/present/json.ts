/**
 * An answer's data already written as JSON: for data made from a snapshot that does not change (a catalog
 * version), written once and kept with it. The HTTP shell puts the text in the envelope as it is.
 */
export class JsonText<T> {
  /** The type of the data the text holds (a type only: nothing is kept here). */
  declare readonly data: T;
  constructor(readonly text: string) {}
}

export const jsonText = <T>(data: T): JsonText<T> => new JsonText(JSON.stringify(data));
