import { useEffect, useRef, useState } from "react";
import { isRouteErrorResponse, useFetcher, useLocation, useNavigation } from "react-router";
import { toast } from "~/components/ui/toast";

/** The spec's refresh period for the public lists (public-portal section 9). */
export const LIST_REFRESH_MS = 60_000;

/** What a list route's client loader returns when its data could not be fetched. */
export interface ListLoadFailed {
  listLoadFailed: true;
}

export function isListLoadFailed(value: unknown): value is ListLoadFailed {
  return typeof value === "object" && value !== null && "listLoadFailed" in value;
}

/**
 * The client loader of a list route. React Router sends a failed fetcher load
 * (or a failed in-page navigation) to the error boundary; a list that was
 * already on screen should stay there with the page's error toast instead, so
 * a network or server failure becomes a marker the page knows how to show.
 * Redirects and 4xx answers are real outcomes and pass through.
 */
export async function keepListOnFailure<T>({
  request,
  serverLoader,
}: {
  request: Request;
  serverLoader: () => Promise<T>;
}): Promise<T | ListLoadFailed> {
  try {
    return await serverLoader();
  } catch (error) {
    if (request.signal.aborted || error instanceof Response) throw error;
    if (isRouteErrorResponse(error) && error.status < 500) throw error;
    return { listLoadFailed: true };
  }
}

export interface ListError {
  title: string;
  description: string;
}

/** Each new failure (a new marker object) shows the page's error toast once. */
function useToastOnFailure(value: unknown, { title, description }: ListError) {
  useEffect(() => {
    if (isListLoadFailed(value)) toast.error(title, { description });
  }, [value, title, description]);
}

/**
 * The list data to show: the loader's, refreshed every 60 s and whenever the
 * tab becomes visible again (public-portal sections 2 and 9). The refresh is a
 * fetcher load of the current URL, so it never moves the page or its focus; a
 * failed refresh keeps the current list and shows `error` as a toast.
 */
export function useListRefresh<T extends object>(loaderData: T | ListLoadFailed, error: ListError): T {
  const [shown, setShown] = useState<T | null>(isListLoadFailed(loaderData) ? null : loaderData);
  const [seenLoaderData, setSeenLoaderData] = useState(loaderData);
  if (loaderData !== seenLoaderData) {
    setSeenLoaderData(loaderData);
    if (!isListLoadFailed(loaderData)) setShown(loaderData);
  }
  const fetcher = useFetcher();
  // The fetcher loads this very route, so its data has the loader data's shape.
  const fetched = fetcher.data as T | ListLoadFailed | undefined;
  const location = useLocation();
  const navigation = useNavigation();
  const currentUrl = location.pathname + location.search;
  const requestedUrl = useRef<string | null>(null);
  const busy = fetcher.state !== "idle" || navigation.state !== "idle";
  const latest = useRef({ currentUrl, busy, load: fetcher.load });
  useEffect(() => {
    latest.current = { currentUrl, busy, load: fetcher.load };
  });

  useEffect(() => {
    const refresh = () => {
      const { currentUrl: url, busy, load } = latest.current;
      if (busy || document.visibilityState === "hidden") return;
      requestedUrl.current = url;
      void load(url);
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") refresh();
    };
    const timer = window.setInterval(refresh, LIST_REFRESH_MS);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, []);

  useEffect(() => {
    // A refresh that answers after the visitor moved on (a new search) describes another list.
    if (fetched && !isListLoadFailed(fetched) && requestedUrl.current === latest.current.currentUrl) setShown(fetched);
  }, [fetched]);

  useToastOnFailure(loaderData, error);
  useToastOnFailure(fetched, error);
  // Entering the page without data is an ordinary failed navigation: the error boundary handles it.
  if (shown === null) throw new Error("The list could not be loaded");
  return shown;
}
