// A page whose loader fails upstream (the backend down or slow, a 500, a reply outside the contract)
// ends on the error page with the message for that failure and its status: 503 'try again in a
// moment' when the backend cannot be reached, 502 'technical error' otherwise. In production Remix
// turns every thrown Error into 'Unexpected Server Error' with status 500 before the error boundary
// sees it, so each route's loader is wrapped once to throw the failure as a response instead. The
// loaders' own catches sit inside the wrapper and work as before.
import { data, type LoaderFunction, type ServerBuild } from "@remix-run/node";
import { UpstreamError, type UpstreamFailure } from "../bff/core/errors";

function throwingUpstreamFailures(loader: LoaderFunction): LoaderFunction {
  return async (args) => {
    try {
      return await loader(args);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      throw data<UpstreamFailure>({ messageKey: error.messageKey, requestId: args.context.requestId }, { status: error.status });
    }
  };
}

export function withUpstreamFailuresAsResponses(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const { loader } = route.module;
      return [id, loader ? { ...route, module: { ...route.module, loader: throwingUpstreamFailures(loader) } } : route];
    }),
  );
  return { ...build, routes };
}
