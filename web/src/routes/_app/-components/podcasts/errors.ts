import { PodcastRequestError } from "../../../../api/podcasts"
import { actionErrorText } from "../directory/forms"

/** The server's words for a refused request, whether it came through the typed client or not. */
export const podcastErrorText = (error: unknown): string =>
  error instanceof PodcastRequestError ? error.message : actionErrorText(error)
