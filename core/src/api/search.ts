import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { SearchParams, SearchResult } from "../domain/search.js"
import { Forbidden, ValidationError } from "../errors.js"
import { Authentication } from "./security.js"

/** One search box for reports (full text, ranked, highlighted, faceted), tickers, companies and people. */
export class SearchGroup extends HttpApiGroup.make("search")
  .add(
    HttpApiEndpoint.get("search", "/search")
      .setUrlParams(SearchParams)
      .addSuccess(SearchResult)
      .addError(ValidationError)
      .annotate(OpenApi.Summary, "Search")
      .annotate(
        OpenApi.Description,
        'Reports are matched with PostgreSQL full text (`websearch_to_tsquery`: "quoted phrases", -excluded words, or) and only those the caller may read are counted.',
      ),
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Search") {}
