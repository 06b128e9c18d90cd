import { Schema } from "effect"

/** Ids are UUIDs minted by PostgreSQL; the brand keeps a user id from being passed as a company id. */
export const UserId = Schema.UUID.pipe(Schema.brand("UserId"))
export type UserId = typeof UserId.Type

export const CompanyId = Schema.UUID.pipe(Schema.brand("CompanyId"))
export type CompanyId = typeof CompanyId.Type

export const TeamId = Schema.UUID.pipe(Schema.brand("TeamId"))
export type TeamId = typeof TeamId.Type

export const SessionId = Schema.UUID.pipe(Schema.brand("SessionId"))
export type SessionId = typeof SessionId.Type

export const ReportId = Schema.UUID.pipe(Schema.brand("ReportId"))
export type ReportId = typeof ReportId.Type

export const ApiTokenId = Schema.UUID.pipe(Schema.brand("ApiTokenId"))
export type ApiTokenId = typeof ApiTokenId.Type

export const ErrorIssueId = Schema.UUID.pipe(Schema.brand("ErrorIssueId"))
export type ErrorIssueId = typeof ErrorIssueId.Type

export const BlackoutId = Schema.UUID.pipe(Schema.brand("BlackoutId"))
export type BlackoutId = typeof BlackoutId.Type

export const ChannelId = Schema.UUID.pipe(Schema.brand("ChannelId"))
export type ChannelId = typeof ChannelId.Type

export const DeliveryId = Schema.UUID.pipe(Schema.brand("DeliveryId"))
export type DeliveryId = typeof DeliveryId.Type

export const ShowId = Schema.UUID.pipe(Schema.brand("ShowId"))
export type ShowId = typeof ShowId.Type

export const EpisodeId = Schema.UUID.pipe(Schema.brand("EpisodeId"))
export type EpisodeId = typeof EpisodeId.Type

export const AiRunId = Schema.UUID.pipe(Schema.brand("AiRunId"))
export type AiRunId = typeof AiRunId.Type
