import { type WidgetFiles, widgetFiles } from './widget';

/** A script of the widget's, as /widget/v1/* serves it: any site may load it (it is public code). */
export function javascript(body: string, cacheControl: string, status = 200): Response {
  return new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': cacheControl,
      'Access-Control-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** Answers from the widget's built files, or says they are not built (503, never cached). */
export function fromWidgetFiles(answer: (files: WidgetFiles) => Response): Response {
  let files: WidgetFiles;
  try {
    files = widgetFiles();
  } catch {
    return javascript('// the widget is not built: run the build of @svc/widget\n', 'no-store', 503);
  }
  return answer(files);
}
