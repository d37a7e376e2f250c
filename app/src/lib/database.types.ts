export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "12.2.12"
  }
  graphql_public: {
    Tables: {
      [_ in never]: never
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      [_ in never]: never
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
  public: {
    Tables: {
      activity_marks: {
        Row: {
          id: string
          read_items: string[]
          read_up_to: string
          user_id: string
          workspace_id: string
        }
        Insert: {
          id?: string
          read_items?: string[]
          read_up_to?: string
          user_id: string
          workspace_id: string
        }
        Update: {
          id?: string
          read_items?: string[]
          read_up_to?: string
          user_id?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "activity_marks_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "activity_marks_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      activity_notices: {
        Row: {
          channel_id: string
          created_at: string
          id: string
          message_id: string
          sent_by: string | null
          user_id: string
          workspace_id: string
        }
        Insert: {
          channel_id: string
          created_at?: string
          id?: string
          message_id: string
          sent_by?: string | null
          user_id: string
          workspace_id: string
        }
        Update: {
          channel_id?: string
          created_at?: string
          id?: string
          message_id?: string
          sent_by?: string | null
          user_id?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "activity_notices_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "activity_notices_message_id_fkey"
            columns: ["message_id"]
            isOneToOne: false
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "activity_notices_sent_by_fkey"
            columns: ["sent_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "activity_notices_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "activity_notices_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      app_access: {
        Row: {
          access: string
          client_id: string
          id: string
          updated_at: string
          user_id: string
          workspace_id: string
        }
        Insert: {
          access: string
          client_id: string
          id?: string
          updated_at?: string
          user_id: string
          workspace_id: string
        }
        Update: {
          access?: string
          client_id?: string
          id?: string
          updated_at?: string
          user_id?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "app_access_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "app_access_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      attachments: {
        Row: {
          bucket_id: string
          channel_id: string
          created_at: string
          height: number | null
          id: string
          import_id: string | null
          message_id: string
          mime_type: string
          name: string
          path: string
          size: number
          uploader_id: string | null
          width: number | null
        }
        Insert: {
          bucket_id?: string
          channel_id: string
          created_at?: string
          height?: number | null
          id?: string
          import_id?: string | null
          message_id: string
          mime_type: string
          name: string
          path: string
          size: number
          uploader_id?: string | null
          width?: number | null
        }
        Update: {
          bucket_id?: string
          channel_id?: string
          created_at?: string
          height?: number | null
          id?: string
          import_id?: string | null
          message_id?: string
          mime_type?: string
          name?: string
          path?: string
          size?: number
          uploader_id?: string | null
          width?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "attachments_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "attachments_message_id_fkey"
            columns: ["message_id"]
            isOneToOne: false
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "attachments_uploader_id_fkey"
            columns: ["uploader_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      audit_log: {
        Row: {
          action: string
          actor_id: string | null
          actor_name: string | null
          actor_role: string
          details: Json
          id: number
          ip: unknown | null
          occurred_at: string
          target_id: string | null
          target_label: string | null
          target_type: string | null
          user_agent: string | null
          workspace_id: string
        }
        Insert: {
          action: string
          actor_id?: string | null
          actor_name?: string | null
          actor_role: string
          details?: Json
          id?: never
          ip?: unknown | null
          occurred_at?: string
          target_id?: string | null
          target_label?: string | null
          target_type?: string | null
          user_agent?: string | null
          workspace_id: string
        }
        Update: {
          action?: string
          actor_id?: string | null
          actor_name?: string | null
          actor_role?: string
          details?: Json
          id?: never
          ip?: unknown | null
          occurred_at?: string
          target_id?: string | null
          target_label?: string | null
          target_type?: string | null
          user_agent?: string | null
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "audit_log_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      bots: {
        Row: {
          created_at: string
          created_by: string | null
          id: string
          last_used_at: string | null
          name: string
          regenerated_at: string | null
          revoked_at: string | null
          token_hash: string
          tokens: number
          tokens_at: string
          workspace_id: string
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          id: string
          last_used_at?: string | null
          name: string
          regenerated_at?: string | null
          revoked_at?: string | null
          token_hash: string
          tokens?: number
          tokens_at?: string
          workspace_id: string
        }
        Update: {
          created_at?: string
          created_by?: string | null
          id?: string
          last_used_at?: string | null
          name?: string
          regenerated_at?: string | null
          revoked_at?: string | null
          token_hash?: string
          tokens?: number
          tokens_at?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "bots_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "bots_id_fkey"
            columns: ["id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "bots_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      channel_members: {
        Row: {
          added_by: string | null
          channel_id: string
          id: string
          import_id: string | null
          joined_at: string
          last_read_seq: number
          muted: boolean
          notify_level: Database["public"]["Enums"]["notify_level"] | null
          user_id: string
          workspace_id: string
        }
        Insert: {
          added_by?: string | null
          channel_id: string
          id?: string
          import_id?: string | null
          joined_at?: string
          last_read_seq?: number
          muted?: boolean
          notify_level?: Database["public"]["Enums"]["notify_level"] | null
          user_id: string
          workspace_id: string
        }
        Update: {
          added_by?: string | null
          channel_id?: string
          id?: string
          import_id?: string | null
          joined_at?: string
          last_read_seq?: number
          muted?: boolean
          notify_level?: Database["public"]["Enums"]["notify_level"] | null
          user_id?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "channel_members_added_by_fkey"
            columns: ["added_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "channel_members_channel"
            columns: ["channel_id", "workspace_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id", "workspace_id"]
          },
          {
            foreignKeyName: "channel_members_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "channel_members_workspace_member"
            columns: ["workspace_id", "user_id"]
            isOneToOne: false
            referencedRelation: "workspace_members"
            referencedColumns: ["workspace_id", "user_id"]
          },
        ]
      }
      channel_posters: {
        Row: {
          added_by: string | null
          channel_id: string
          created_at: string
          id: string
          import_id: string | null
          user_id: string
          workspace_id: string
        }
        Insert: {
          added_by?: string | null
          channel_id: string
          created_at?: string
          id?: string
          import_id?: string | null
          user_id: string
          workspace_id: string
        }
        Update: {
          added_by?: string | null
          channel_id?: string
          created_at?: string
          id?: string
          import_id?: string | null
          user_id?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "channel_posters_added_by_fkey"
            columns: ["added_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "channel_posters_channel"
            columns: ["channel_id", "workspace_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id", "workspace_id"]
          },
          {
            foreignKeyName: "channel_posters_member"
            columns: ["workspace_id", "user_id"]
            isOneToOne: false
            referencedRelation: "workspace_members"
            referencedColumns: ["workspace_id", "user_id"]
          },
          {
            foreignKeyName: "channel_posters_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      channel_posting: {
        Row: {
          channel_id: string
          id: string
          import_id: string | null
          replies: boolean
          updated_at: string
          updated_by: string | null
          who: string
          workspace_id: string
        }
        Insert: {
          channel_id: string
          id?: string
          import_id?: string | null
          replies?: boolean
          updated_at?: string
          updated_by?: string | null
          who: string
          workspace_id: string
        }
        Update: {
          channel_id?: string
          id?: string
          import_id?: string | null
          replies?: boolean
          updated_at?: string
          updated_by?: string | null
          who?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "channel_posting_channel"
            columns: ["channel_id", "workspace_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id", "workspace_id"]
          },
          {
            foreignKeyName: "channel_posting_updated_by_fkey"
            columns: ["updated_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      channel_retention: {
        Row: {
          channel_id: string
          id: string
          keep_days: number | null
          updated_at: string
          updated_by: string | null
          workspace_id: string
        }
        Insert: {
          channel_id: string
          id?: string
          keep_days?: number | null
          updated_at?: string
          updated_by?: string | null
          workspace_id: string
        }
        Update: {
          channel_id?: string
          id?: string
          keep_days?: number | null
          updated_at?: string
          updated_by?: string | null
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "channel_retention_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: true
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "channel_retention_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      channels: {
        Row: {
          archived_at: string | null
          auto_join: boolean
          created_at: string
          created_by: string | null
          dm_key: string | null
          id: string
          import_id: string | null
          is_default: boolean
          kind: Database["public"]["Enums"]["channel_kind"]
          last_message_at: string | null
          last_seq: number
          name: string | null
          topic: string
          workspace_id: string
        }
        Insert: {
          archived_at?: string | null
          auto_join?: boolean
          created_at?: string
          created_by?: string | null
          dm_key?: string | null
          id?: string
          import_id?: string | null
          is_default?: boolean
          kind: Database["public"]["Enums"]["channel_kind"]
          last_message_at?: string | null
          last_seq?: number
          name?: string | null
          topic?: string
          workspace_id: string
        }
        Update: {
          archived_at?: string | null
          auto_join?: boolean
          created_at?: string
          created_by?: string | null
          dm_key?: string | null
          id?: string
          import_id?: string | null
          is_default?: boolean
          kind?: Database["public"]["Enums"]["channel_kind"]
          last_message_at?: string | null
          last_seq?: number
          name?: string | null
          topic?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "channels_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "channels_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      custom_emoji: {
        Row: {
          aliases: string[]
          created_at: string
          created_by: string | null
          id: string
          image_path: string
          name: string
          workspace_id: string
        }
        Insert: {
          aliases?: string[]
          created_at?: string
          created_by?: string | null
          id?: string
          image_path: string
          name: string
          workspace_id: string
        }
        Update: {
          aliases?: string[]
          created_at?: string
          created_by?: string | null
          id?: string
          image_path?: string
          name?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "custom_emoji_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "custom_emoji_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      deactivated_people: {
        Row: {
          deactivated_at: string
          display_name: string
          id: string
          user_id: string
          workspace_id: string
        }
        Insert: {
          deactivated_at?: string
          display_name: string
          id?: string
          user_id: string
          workspace_id: string
        }
        Update: {
          deactivated_at?: string
          display_name?: string
          id?: string
          user_id?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "deactivated_people_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      drafts: {
        Row: {
          body: string
          channel_id: string
          edited_at: string
          id: string
          parent_id: string | null
          updated_at: string
          user_id: string
          workspace_id: string
        }
        Insert: {
          body?: string
          channel_id: string
          edited_at: string
          id?: string
          parent_id?: string | null
          updated_at?: string
          user_id: string
          workspace_id: string
        }
        Update: {
          body?: string
          channel_id?: string
          edited_at?: string
          id?: string
          parent_id?: string | null
          updated_at?: string
          user_id?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "drafts_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "drafts_parent_id_fkey"
            columns: ["parent_id"]
            isOneToOne: false
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "drafts_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "drafts_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      event_deliveries: {
        Row: {
          attempts: number
          channel_id: string | null
          created_at: string
          delivered_at: string | null
          event_id: string
          event_type: string
          id: number
          last_attempt_at: string | null
          last_error: string | null
          last_status_code: number | null
          lease_until: string | null
          next_attempt_at: string
          payload: Json
          retry_reason: string | null
          status: string
          subscription_id: string
          workspace_id: string
        }
        Insert: {
          attempts?: number
          channel_id?: string | null
          created_at?: string
          delivered_at?: string | null
          event_id: string
          event_type: string
          id?: number
          last_attempt_at?: string | null
          last_error?: string | null
          last_status_code?: number | null
          lease_until?: string | null
          next_attempt_at?: string
          payload: Json
          retry_reason?: string | null
          status?: string
          subscription_id: string
          workspace_id: string
        }
        Update: {
          attempts?: number
          channel_id?: string | null
          created_at?: string
          delivered_at?: string | null
          event_id?: string
          event_type?: string
          id?: number
          last_attempt_at?: string | null
          last_error?: string | null
          last_status_code?: number | null
          lease_until?: string | null
          next_attempt_at?: string
          payload?: Json
          retry_reason?: string | null
          status?: string
          subscription_id?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "event_deliveries_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "event_deliveries_subscription_id_fkey"
            columns: ["subscription_id"]
            isOneToOne: false
            referencedRelation: "event_subscriptions"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "event_deliveries_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      event_subscriptions: {
        Row: {
          active: boolean
          consecutive_failures: number
          created_at: string
          created_by: string | null
          event_types: string[]
          id: string
          last_delivered_at: string | null
          paused_at: string | null
          paused_reason: string | null
          private_channel_ids: string[]
          secret_rotated_at: string | null
          updated_at: string
          url: string
          url_verified: boolean
          verification_error: string | null
          verified_at: string | null
          workspace_id: string
        }
        Insert: {
          active?: boolean
          consecutive_failures?: number
          created_at?: string
          created_by?: string | null
          event_types: string[]
          id?: string
          last_delivered_at?: string | null
          paused_at?: string | null
          paused_reason?: string | null
          private_channel_ids?: string[]
          secret_rotated_at?: string | null
          updated_at?: string
          url: string
          url_verified?: boolean
          verification_error?: string | null
          verified_at?: string | null
          workspace_id: string
        }
        Update: {
          active?: boolean
          consecutive_failures?: number
          created_at?: string
          created_by?: string | null
          event_types?: string[]
          id?: string
          last_delivered_at?: string | null
          paused_at?: string | null
          paused_reason?: string | null
          private_channel_ids?: string[]
          secret_rotated_at?: string | null
          updated_at?: string
          url?: string
          url_verified?: boolean
          verification_error?: string | null
          verified_at?: string | null
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "event_subscriptions_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "event_subscriptions_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      exports: {
        Row: {
          created_at: string
          error: string | null
          expires_at: string | null
          finished_at: string | null
          id: string
          kind: string
          requested_by: string
          scope: string | null
          size: number | null
          started_at: string | null
          status: string
          storage_path: string | null
          workspace_id: string
        }
        Insert: {
          created_at?: string
          error?: string | null
          expires_at?: string | null
          finished_at?: string | null
          id?: string
          kind: string
          requested_by: string
          scope?: string | null
          size?: number | null
          started_at?: string | null
          status?: string
          storage_path?: string | null
          workspace_id: string
        }
        Update: {
          created_at?: string
          error?: string | null
          expires_at?: string | null
          finished_at?: string | null
          id?: string
          kind?: string
          requested_by?: string
          scope?: string | null
          size?: number | null
          started_at?: string | null
          status?: string
          storage_path?: string | null
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "exports_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      first_steps_dismissals: {
        Row: {
          dismissed_at: string
          id: string
          user_id: string
          workspace_id: string
        }
        Insert: {
          dismissed_at?: string
          id?: string
          user_id?: string
          workspace_id: string
        }
        Update: {
          dismissed_at?: string
          id?: string
          user_id?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "first_steps_dismissals_member"
            columns: ["workspace_id", "user_id"]
            isOneToOne: true
            referencedRelation: "workspace_members"
            referencedColumns: ["workspace_id", "user_id"]
          },
        ]
      }
      imports: {
        Row: {
          attempts: number
          channels: number
          checkpoint: Json
          created_at: string
          error: string | null
          files_done: number
          files_total: number
          finished_at: string | null
          heartbeat_at: string | null
          id: string
          messages_done: number
          messages_total: number
          people: number
          report: Json
          source_path: string
          started_at: string | null
          started_by: string | null
          status: string
          workspace_id: string
        }
        Insert: {
          attempts?: number
          channels?: number
          checkpoint?: Json
          created_at?: string
          error?: string | null
          files_done?: number
          files_total?: number
          finished_at?: string | null
          heartbeat_at?: string | null
          id?: string
          messages_done?: number
          messages_total?: number
          people?: number
          report?: Json
          source_path: string
          started_at?: string | null
          started_by?: string | null
          status?: string
          workspace_id: string
        }
        Update: {
          attempts?: number
          channels?: number
          checkpoint?: Json
          created_at?: string
          error?: string | null
          files_done?: number
          files_total?: number
          finished_at?: string | null
          heartbeat_at?: string | null
          id?: string
          messages_done?: number
          messages_total?: number
          people?: number
          report?: Json
          source_path?: string
          started_at?: string | null
          started_by?: string | null
          status?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "imports_started_by_fkey"
            columns: ["started_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "imports_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      incoming_webhooks: {
        Row: {
          channel_id: string
          created_at: string
          created_by: string | null
          icon_emoji: string | null
          icon_url: string | null
          id: string
          last_used_at: string | null
          name: string
          regenerated_at: string | null
          revoked_at: string | null
          secret_hash: string
          tokens: number
          tokens_at: string
          workspace_id: string
        }
        Insert: {
          channel_id: string
          created_at?: string
          created_by?: string | null
          icon_emoji?: string | null
          icon_url?: string | null
          id?: string
          last_used_at?: string | null
          name: string
          regenerated_at?: string | null
          revoked_at?: string | null
          secret_hash: string
          tokens?: number
          tokens_at?: string
          workspace_id: string
        }
        Update: {
          channel_id?: string
          created_at?: string
          created_by?: string | null
          icon_emoji?: string | null
          icon_url?: string | null
          id?: string
          last_used_at?: string | null
          name?: string
          regenerated_at?: string | null
          revoked_at?: string | null
          secret_hash?: string
          tokens?: number
          tokens_at?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "incoming_webhooks_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "incoming_webhooks_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "incoming_webhooks_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      integration_messages: {
        Row: {
          app_name: string
          channel_id: string
          created_at: string
          icon_emoji: string | null
          icon_url: string | null
          id: string
          message_id: string
          slash_command_id: string | null
          username: string | null
          webhook_id: string | null
        }
        Insert: {
          app_name: string
          channel_id: string
          created_at?: string
          icon_emoji?: string | null
          icon_url?: string | null
          id?: string
          message_id: string
          slash_command_id?: string | null
          username?: string | null
          webhook_id?: string | null
        }
        Update: {
          app_name?: string
          channel_id?: string
          created_at?: string
          icon_emoji?: string | null
          icon_url?: string | null
          id?: string
          message_id?: string
          slash_command_id?: string | null
          username?: string | null
          webhook_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "integration_messages_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "integration_messages_message_id_fkey"
            columns: ["message_id"]
            isOneToOne: true
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "integration_messages_slash_command_id_fkey"
            columns: ["slash_command_id"]
            isOneToOne: false
            referencedRelation: "slash_commands"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "integration_messages_webhook_id_fkey"
            columns: ["webhook_id"]
            isOneToOne: false
            referencedRelation: "incoming_webhooks"
            referencedColumns: ["id"]
          },
        ]
      }
      invites: {
        Row: {
          channel_ids: string[] | null
          created_at: string
          created_by: string | null
          email: string | null
          expires_at: string
          guest_kind: string | null
          id: string
          max_uses: number | null
          role: Database["public"]["Enums"]["workspace_role"]
          token: string
          use_count: number
          workspace_id: string
        }
        Insert: {
          channel_ids?: string[] | null
          created_at?: string
          created_by?: string | null
          email?: string | null
          expires_at?: string
          guest_kind?: string | null
          id?: string
          max_uses?: number | null
          role?: Database["public"]["Enums"]["workspace_role"]
          token?: string
          use_count?: number
          workspace_id: string
        }
        Update: {
          channel_ids?: string[] | null
          created_at?: string
          created_by?: string | null
          email?: string | null
          expires_at?: string
          guest_kind?: string | null
          id?: string
          max_uses?: number | null
          role?: Database["public"]["Enums"]["workspace_role"]
          token?: string
          use_count?: number
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "invites_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "invites_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      link_previews: {
        Row: {
          channel_id: string
          claimed_at: string | null
          created_at: string
          description: string | null
          error: string | null
          fetched_at: string | null
          id: string
          image_height: number | null
          image_path: string | null
          image_width: number | null
          message_id: string
          position: number
          removed_by_author: boolean
          site_name: string | null
          status: string
          title: string | null
          url: string
        }
        Insert: {
          channel_id: string
          claimed_at?: string | null
          created_at?: string
          description?: string | null
          error?: string | null
          fetched_at?: string | null
          id?: string
          image_height?: number | null
          image_path?: string | null
          image_width?: number | null
          message_id: string
          position: number
          removed_by_author?: boolean
          site_name?: string | null
          status?: string
          title?: string | null
          url: string
        }
        Update: {
          channel_id?: string
          claimed_at?: string | null
          created_at?: string
          description?: string | null
          error?: string | null
          fetched_at?: string | null
          id?: string
          image_height?: number | null
          image_path?: string | null
          image_width?: number | null
          message_id?: string
          position?: number
          removed_by_author?: boolean
          site_name?: string | null
          status?: string
          title?: string | null
          url?: string
        }
        Relationships: [
          {
            foreignKeyName: "link_previews_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "link_previews_message_id_fkey"
            columns: ["message_id"]
            isOneToOne: false
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
        ]
      }
      message_forwards: {
        Row: {
          body: string
          channel_id: string
          created_at: string
          files: Json
          id: string
          import_id: string | null
          source_author_id: string | null
          source_author_name: string | null
          source_channel_id: string | null
          source_channel_kind: Database["public"]["Enums"]["channel_kind"]
          source_channel_name: string | null
          source_created_at: string
          source_message_id: string | null
          source_parent_id: string | null
          workspace_id: string
        }
        Insert: {
          body?: string
          channel_id: string
          created_at?: string
          files?: Json
          id: string
          import_id?: string | null
          source_author_id?: string | null
          source_author_name?: string | null
          source_channel_id?: string | null
          source_channel_kind: Database["public"]["Enums"]["channel_kind"]
          source_channel_name?: string | null
          source_created_at: string
          source_message_id?: string | null
          source_parent_id?: string | null
          workspace_id: string
        }
        Update: {
          body?: string
          channel_id?: string
          created_at?: string
          files?: Json
          id?: string
          import_id?: string | null
          source_author_id?: string | null
          source_author_name?: string | null
          source_channel_id?: string | null
          source_channel_kind?: Database["public"]["Enums"]["channel_kind"]
          source_channel_name?: string | null
          source_created_at?: string
          source_message_id?: string | null
          source_parent_id?: string | null
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "message_forwards_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "message_forwards_id_fkey"
            columns: ["id"]
            isOneToOne: true
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "message_forwards_source_author_id_fkey"
            columns: ["source_author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "message_forwards_source_channel_id_fkey"
            columns: ["source_channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "message_forwards_source_message_id_fkey"
            columns: ["source_message_id"]
            isOneToOne: false
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "message_forwards_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      message_reports: {
        Row: {
          channel_id: string
          created_at: string
          id: string
          message_id: string
          note: string | null
          reason: Database["public"]["Enums"]["report_reason"]
          reporter_id: string | null
          resolution: string | null
          resolved_at: string | null
          resolved_by: string | null
          workspace_id: string
        }
        Insert: {
          channel_id: string
          created_at?: string
          id?: string
          message_id: string
          note?: string | null
          reason: Database["public"]["Enums"]["report_reason"]
          reporter_id?: string | null
          resolution?: string | null
          resolved_at?: string | null
          resolved_by?: string | null
          workspace_id: string
        }
        Update: {
          channel_id?: string
          created_at?: string
          id?: string
          message_id?: string
          note?: string | null
          reason?: Database["public"]["Enums"]["report_reason"]
          reporter_id?: string | null
          resolution?: string | null
          resolved_at?: string | null
          resolved_by?: string | null
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "message_reports_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "message_reports_message_id_fkey"
            columns: ["message_id"]
            isOneToOne: false
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "message_reports_reporter_id_fkey"
            columns: ["reporter_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "message_reports_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      message_versions: {
        Row: {
          body: string
          channel_id: string
          id: string
          message_id: string
          replaced_at: string
          written_at: string
        }
        Insert: {
          body: string
          channel_id: string
          id?: string
          message_id: string
          replaced_at: string
          written_at: string
        }
        Update: {
          body?: string
          channel_id?: string
          id?: string
          message_id?: string
          replaced_at?: string
          written_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "message_versions_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "message_versions_message_id_fkey"
            columns: ["message_id"]
            isOneToOne: false
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
        ]
      }
      messages: {
        Row: {
          app_name: string | null
          app_username: string | null
          author_id: string | null
          body: string
          channel_id: string
          created_at: string
          deleted_at: string | null
          edited_at: string | null
          id: string
          import_id: string | null
          in_channel: boolean
          mentions: string[]
          parent_id: string | null
          removed_at: string | null
          removed_by: string | null
          seq: number | null
          thread_seq: number | null
        }
        Insert: {
          app_name?: string | null
          app_username?: string | null
          author_id?: string | null
          body?: string
          channel_id: string
          created_at?: string
          deleted_at?: string | null
          edited_at?: string | null
          id?: string
          import_id?: string | null
          in_channel?: boolean
          mentions?: string[]
          parent_id?: string | null
          removed_at?: string | null
          removed_by?: string | null
          seq?: number | null
          thread_seq?: number | null
        }
        Update: {
          app_name?: string | null
          app_username?: string | null
          author_id?: string | null
          body?: string
          channel_id?: string
          created_at?: string
          deleted_at?: string | null
          edited_at?: string | null
          id?: string
          import_id?: string | null
          in_channel?: boolean
          mentions?: string[]
          parent_id?: string | null
          removed_at?: string | null
          removed_by?: string | null
          seq?: number | null
          thread_seq?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "messages_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "messages_parent_id_fkey"
            columns: ["parent_id"]
            isOneToOne: false
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
        ]
      }
      notification_defaults: {
        Row: {
          id: string
          level: Database["public"]["Enums"]["notify_level"]
          updated_at: string
          user_id: string
          workspace_id: string
        }
        Insert: {
          id?: string
          level: Database["public"]["Enums"]["notify_level"]
          updated_at?: string
          user_id: string
          workspace_id: string
        }
        Update: {
          id?: string
          level?: Database["public"]["Enums"]["notify_level"]
          updated_at?: string
          user_id?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "notification_defaults_member"
            columns: ["workspace_id", "user_id"]
            isOneToOne: true
            referencedRelation: "workspace_members"
            referencedColumns: ["workspace_id", "user_id"]
          },
        ]
      }
      notification_settings: {
        Row: {
          dnd_enabled: boolean
          dnd_end: string
          dnd_start: string
          dnd_time_zone: string
          email_enabled: boolean
          email_token: string
          id: string
          sidebar_density: string
          snooze_until: string | null
          theme: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          dnd_enabled?: boolean
          dnd_end?: string
          dnd_start?: string
          dnd_time_zone?: string
          email_enabled?: boolean
          email_token?: string
          id?: string
          sidebar_density?: string
          snooze_until?: string | null
          theme?: string | null
          updated_at?: string
          user_id: string
        }
        Update: {
          dnd_enabled?: boolean
          dnd_end?: string
          dnd_start?: string
          dnd_time_zone?: string
          email_enabled?: boolean
          email_token?: string
          id?: string
          sidebar_density?: string
          snooze_until?: string | null
          theme?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "notification_settings_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      pins: {
        Row: {
          channel_id: string
          created_at: string
          id: string
          message_id: string
          pinned_by: string | null
        }
        Insert: {
          channel_id: string
          created_at?: string
          id?: string
          message_id: string
          pinned_by?: string | null
        }
        Update: {
          channel_id?: string
          created_at?: string
          id?: string
          message_id?: string
          pinned_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "pins_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "pins_message_id_fkey"
            columns: ["message_id"]
            isOneToOne: true
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "pins_pinned_by_fkey"
            columns: ["pinned_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      poll_options: {
        Row: {
          id: string
          label: string
          poll_id: string
          position: number
        }
        Insert: {
          id?: string
          label: string
          poll_id: string
          position: number
        }
        Update: {
          id?: string
          label?: string
          poll_id?: string
          position?: number
        }
        Relationships: [
          {
            foreignKeyName: "poll_options_poll_id_fkey"
            columns: ["poll_id"]
            isOneToOne: false
            referencedRelation: "polls"
            referencedColumns: ["id"]
          },
        ]
      }
      poll_votes: {
        Row: {
          channel_id: string
          created_at: string
          id: string
          option_id: string
          poll_id: string
          user_id: string
        }
        Insert: {
          channel_id: string
          created_at?: string
          id?: string
          option_id: string
          poll_id: string
          user_id: string
        }
        Update: {
          channel_id?: string
          created_at?: string
          id?: string
          option_id?: string
          poll_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "poll_votes_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "poll_votes_option_id_fkey"
            columns: ["option_id"]
            isOneToOne: false
            referencedRelation: "poll_options"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "poll_votes_poll_id_fkey"
            columns: ["poll_id"]
            isOneToOne: false
            referencedRelation: "polls"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "poll_votes_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      polls: {
        Row: {
          anonymous: boolean
          author_id: string | null
          changed_at: string
          channel_id: string
          closed_at: string | null
          created_at: string
          ends_at: string | null
          id: string
          message_id: string
          multiple: boolean
          question: string
        }
        Insert: {
          anonymous?: boolean
          author_id?: string | null
          changed_at?: string
          channel_id: string
          closed_at?: string | null
          created_at?: string
          ends_at?: string | null
          id?: string
          message_id: string
          multiple?: boolean
          question: string
        }
        Update: {
          anonymous?: boolean
          author_id?: string | null
          changed_at?: string
          channel_id?: string
          closed_at?: string | null
          created_at?: string
          ends_at?: string | null
          id?: string
          message_id?: string
          multiple?: boolean
          question?: string
        }
        Relationships: [
          {
            foreignKeyName: "polls_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "polls_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "polls_message_id_fkey"
            columns: ["message_id"]
            isOneToOne: true
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
        ]
      }
      profiles: {
        Row: {
          avatar_path: string | null
          created_at: string
          display_name: string
          id: string
          is_bot: boolean
          is_placeholder: boolean
          language: string | null
          time_zone: string | null
          updated_at: string
        }
        Insert: {
          avatar_path?: string | null
          created_at?: string
          display_name: string
          id: string
          is_bot?: boolean
          is_placeholder?: boolean
          language?: string | null
          time_zone?: string | null
          updated_at?: string
        }
        Update: {
          avatar_path?: string | null
          created_at?: string
          display_name?: string
          id?: string
          is_bot?: boolean
          is_placeholder?: boolean
          language?: string | null
          time_zone?: string | null
          updated_at?: string
        }
        Relationships: []
      }
      push_subscriptions: {
        Row: {
          auth: string
          created_at: string
          device_name: string
          endpoint: string
          id: string
          last_used_at: string | null
          p256dh: string
          session_id: string | null
          user_id: string
        }
        Insert: {
          auth: string
          created_at?: string
          device_name: string
          endpoint: string
          id?: string
          last_used_at?: string | null
          p256dh: string
          session_id?: string | null
          user_id: string
        }
        Update: {
          auth?: string
          created_at?: string
          device_name?: string
          endpoint?: string
          id?: string
          last_used_at?: string | null
          p256dh?: string
          session_id?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "push_subscriptions_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      reactions: {
        Row: {
          channel_id: string
          created_at: string
          emoji: string
          id: string
          import_id: string | null
          message_id: string
          user_id: string
        }
        Insert: {
          channel_id: string
          created_at?: string
          emoji: string
          id?: string
          import_id?: string | null
          message_id: string
          user_id: string
        }
        Update: {
          channel_id?: string
          created_at?: string
          emoji?: string
          id?: string
          import_id?: string | null
          message_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "reactions_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reactions_message_id_fkey"
            columns: ["message_id"]
            isOneToOne: false
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reactions_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      saved_items: {
        Row: {
          channel_id: string
          created_at: string
          done_at: string | null
          id: string
          message_id: string
          remind_at: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          channel_id: string
          created_at?: string
          done_at?: string | null
          id?: string
          message_id: string
          remind_at?: string | null
          updated_at?: string
          user_id: string
        }
        Update: {
          channel_id?: string
          created_at?: string
          done_at?: string | null
          id?: string
          message_id?: string
          remind_at?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "saved_items_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "saved_items_message_id_fkey"
            columns: ["message_id"]
            isOneToOne: false
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "saved_items_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      scheduled_messages: {
        Row: {
          attachments: Json
          body: string
          channel_id: string
          created_at: string
          failed_at: string | null
          failed_code: string | null
          id: string
          in_channel: boolean
          parent_id: string | null
          send_at: string
          session_aal: string
          updated_at: string
          user_id: string
          workspace_id: string
        }
        Insert: {
          attachments?: Json
          body?: string
          channel_id: string
          created_at?: string
          failed_at?: string | null
          failed_code?: string | null
          id: string
          in_channel?: boolean
          parent_id?: string | null
          send_at: string
          session_aal?: string
          updated_at?: string
          user_id: string
          workspace_id: string
        }
        Update: {
          attachments?: Json
          body?: string
          channel_id?: string
          created_at?: string
          failed_at?: string | null
          failed_code?: string | null
          id?: string
          in_channel?: boolean
          parent_id?: string | null
          send_at?: string
          session_aal?: string
          updated_at?: string
          user_id?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "scheduled_messages_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "scheduled_messages_parent_id_fkey"
            columns: ["parent_id"]
            isOneToOne: false
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "scheduled_messages_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "scheduled_messages_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      sidebar_placements: {
        Row: {
          channel_id: string
          id: string
          position: number
          section_id: string
          updated_at: string
          user_id: string
          workspace_id: string
        }
        Insert: {
          channel_id: string
          id?: string
          position?: number
          section_id: string
          updated_at?: string
          user_id: string
          workspace_id: string
        }
        Update: {
          channel_id?: string
          id?: string
          position?: number
          section_id?: string
          updated_at?: string
          user_id?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "sidebar_placements_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "sidebar_placements_section_id_fkey"
            columns: ["section_id"]
            isOneToOne: false
            referencedRelation: "sidebar_sections"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "sidebar_placements_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "sidebar_placements_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      sidebar_sections: {
        Row: {
          collapsed: boolean
          created_at: string
          id: string
          kind: string
          name: string | null
          position: number
          sort: string | null
          updated_at: string
          user_id: string
          workspace_id: string
        }
        Insert: {
          collapsed?: boolean
          created_at?: string
          id?: string
          kind?: string
          name?: string | null
          position?: number
          sort?: string | null
          updated_at?: string
          user_id: string
          workspace_id: string
        }
        Update: {
          collapsed?: boolean
          created_at?: string
          id?: string
          kind?: string
          name?: string | null
          position?: number
          sort?: string | null
          updated_at?: string
          user_id?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "sidebar_sections_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "sidebar_sections_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      slash_command_responses: {
        Row: {
          body: string
          channel_id: string
          command: string
          created_at: string
          id: string
          invocation_id: string | null
          user_id: string
        }
        Insert: {
          body: string
          channel_id: string
          command: string
          created_at?: string
          id?: string
          invocation_id?: string | null
          user_id: string
        }
        Update: {
          body?: string
          channel_id?: string
          command?: string
          created_at?: string
          id?: string
          invocation_id?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "slash_command_responses_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "slash_command_responses_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      slash_commands: {
        Row: {
          created_at: string
          created_by: string | null
          description: string
          id: string
          last_used_at: string | null
          name: string
          revoked_at: string | null
          updated_at: string
          url: string
          usage_hint: string
          workspace_id: string
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          description?: string
          id?: string
          last_used_at?: string | null
          name: string
          revoked_at?: string | null
          updated_at?: string
          url: string
          usage_hint?: string
          workspace_id: string
        }
        Update: {
          created_at?: string
          created_by?: string | null
          description?: string
          id?: string
          last_used_at?: string | null
          name?: string
          revoked_at?: string | null
          updated_at?: string
          url?: string
          usage_hint?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "slash_commands_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "slash_commands_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      thread_members: {
        Row: {
          channel_id: string
          following: boolean
          id: string
          import_id: string | null
          last_read_seq: number
          thread_id: string
          updated_at: string
          user_id: string
        }
        Insert: {
          channel_id: string
          following?: boolean
          id?: string
          import_id?: string | null
          last_read_seq?: number
          thread_id: string
          updated_at?: string
          user_id: string
        }
        Update: {
          channel_id?: string
          following?: boolean
          id?: string
          import_id?: string | null
          last_read_seq?: number
          thread_id?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "thread_members_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "thread_members_thread_id_fkey"
            columns: ["thread_id"]
            isOneToOne: false
            referencedRelation: "threads"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "thread_members_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      threads: {
        Row: {
          channel_id: string
          created_at: string
          id: string
          import_id: string | null
          last_repliers: string[]
          last_reply_at: string | null
          last_seq: number
          reply_count: number
        }
        Insert: {
          channel_id: string
          created_at?: string
          id: string
          import_id?: string | null
          last_repliers?: string[]
          last_reply_at?: string | null
          last_seq?: number
          reply_count?: number
        }
        Update: {
          channel_id?: string
          created_at?: string
          id?: string
          import_id?: string | null
          last_repliers?: string[]
          last_reply_at?: string | null
          last_seq?: number
          reply_count?: number
        }
        Relationships: [
          {
            foreignKeyName: "threads_channel_id_fkey"
            columns: ["channel_id"]
            isOneToOne: false
            referencedRelation: "channels"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "threads_id_fkey"
            columns: ["id"]
            isOneToOne: true
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
        ]
      }
      user_activity: {
        Row: {
          active_at: string
          user_id: string
          workspace_id: string
        }
        Insert: {
          active_at?: string
          user_id: string
          workspace_id: string
        }
        Update: {
          active_at?: string
          user_id?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_activity_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "user_activity_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      user_group_members: {
        Row: {
          added_at: string
          added_by: string | null
          group_id: string
          user_id: string
          workspace_id: string
        }
        Insert: {
          added_at?: string
          added_by?: string | null
          group_id: string
          user_id: string
          workspace_id: string
        }
        Update: {
          added_at?: string
          added_by?: string | null
          group_id?: string
          user_id?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_group_members_added_by_fkey"
            columns: ["added_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "user_group_members_group"
            columns: ["group_id", "workspace_id"]
            isOneToOne: false
            referencedRelation: "user_groups"
            referencedColumns: ["id", "workspace_id"]
          },
          {
            foreignKeyName: "user_group_members_member"
            columns: ["workspace_id", "user_id"]
            isOneToOne: false
            referencedRelation: "workspace_members"
            referencedColumns: ["workspace_id", "user_id"]
          },
        ]
      }
      user_groups: {
        Row: {
          created_at: string
          created_by: string | null
          description: string
          handle: string
          id: string
          name: string
          workspace_id: string
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          description?: string
          handle: string
          id?: string
          name: string
          workspace_id: string
        }
        Update: {
          created_at?: string
          created_by?: string | null
          description?: string
          handle?: string
          id?: string
          name?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_groups_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "user_groups_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      user_statuses: {
        Row: {
          clear_after: string
          clear_at: string | null
          emoji: string
          id: string
          text: string
          updated_at: string
          user_id: string
        }
        Insert: {
          clear_after: string
          clear_at?: string | null
          emoji: string
          id?: string
          text?: string
          updated_at?: string
          user_id: string
        }
        Update: {
          clear_after?: string
          clear_at?: string | null
          emoji?: string
          id?: string
          text?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_statuses_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      workspace_members: {
        Row: {
          guest_kind: string | null
          id: string
          import_id: string | null
          joined_at: string
          left_at: string | null
          role: Database["public"]["Enums"]["workspace_role"]
          suspended_at: string | null
          suspended_by: string | null
          user_id: string
          workspace_id: string
        }
        Insert: {
          guest_kind?: string | null
          id?: string
          import_id?: string | null
          joined_at?: string
          left_at?: string | null
          role?: Database["public"]["Enums"]["workspace_role"]
          suspended_at?: string | null
          suspended_by?: string | null
          user_id: string
          workspace_id: string
        }
        Update: {
          guest_kind?: string | null
          id?: string
          import_id?: string | null
          joined_at?: string
          left_at?: string | null
          role?: Database["public"]["Enums"]["workspace_role"]
          suspended_at?: string | null
          suspended_by?: string | null
          user_id?: string
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "workspace_members_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "workspace_members_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      workspace_retention: {
        Row: {
          deleted_accounts: string
          id: string
          keep_days: number | null
          updated_at: string
          updated_by: string | null
          workspace_id: string
        }
        Insert: {
          deleted_accounts?: string
          id?: string
          keep_days?: number | null
          updated_at?: string
          updated_by?: string | null
          workspace_id: string
        }
        Update: {
          deleted_accounts?: string
          id?: string
          keep_days?: number | null
          updated_at?: string
          updated_by?: string | null
          workspace_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "workspace_retention_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: true
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      workspaces: {
        Row: {
          broadcast_mentions: string
          broadcast_warn_over: number | null
          created_at: string
          created_by: string | null
          custom_emoji_by: string
          email_delay_minutes: number
          export_scope: string
          export_scope_changed_at: string | null
          export_scope_changed_by: string | null
          id: string
          max_file_bytes: number
          name: string
          notifications_hide_content: boolean
          require_mfa: boolean
          slug: string
        }
        Insert: {
          broadcast_mentions?: string
          broadcast_warn_over?: number | null
          created_at?: string
          created_by?: string | null
          custom_emoji_by?: string
          email_delay_minutes?: number
          export_scope?: string
          export_scope_changed_at?: string | null
          export_scope_changed_by?: string | null
          id?: string
          max_file_bytes?: number
          name: string
          notifications_hide_content?: boolean
          require_mfa?: boolean
          slug: string
        }
        Update: {
          broadcast_mentions?: string
          broadcast_warn_over?: number | null
          created_at?: string
          created_by?: string | null
          custom_emoji_by?: string
          email_delay_minutes?: number
          export_scope?: string
          export_scope_changed_at?: string | null
          export_scope_changed_by?: string | null
          id?: string
          max_file_bytes?: number
          name?: string
          notifications_hide_content?: boolean
          require_mfa?: boolean
          slug?: string
        }
        Relationships: [
          {
            foreignKeyName: "workspaces_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "workspaces_export_scope_changed_by_fkey"
            columns: ["export_scope_changed_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      accept_invite: {
        Args: { p_token: string }
        Returns: {
          broadcast_mentions: string
          broadcast_warn_over: number | null
          created_at: string
          created_by: string | null
          custom_emoji_by: string
          email_delay_minutes: number
          export_scope: string
          export_scope_changed_at: string | null
          export_scope_changed_by: string | null
          id: string
          max_file_bytes: number
          name: string
          notifications_hide_content: boolean
          require_mfa: boolean
          slug: string
        }
        SetofOptions: {
          from: "*"
          to: "workspaces"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      acknowledge_notification_email: {
        Args: { p_batch_id: string; p_ids: number[] }
        Returns: number
      }
      activity: {
        Args: { p_before?: string; p_limit?: number; p_workspace_id: string }
        Returns: {
          actor_id: string
          at: string
          body: string
          channel_id: string
          channel_kind: Database["public"]["Enums"]["channel_kind"]
          channel_name: string
          emoji: string
          item_id: string
          kind: string
          mention: string
          message_id: string
          seq: number
          thread_id: string
          thread_seq: number
          unread: boolean
        }[]
      }
      add_channel_members: {
        Args: { p_channel_id: string; p_user_ids: string[] }
        Returns: number
      }
      add_user_group_members: {
        Args: { p_group_id: string; p_user_ids: string[] }
        Returns: undefined
      }
      admin_slash_commands: {
        Args: { p_workspace_id: string }
        Returns: {
          created_at: string
          created_by: string
          description: string
          id: string
          last_used_at: string
          name: string
          revoked_at: string
          url: string
          usage_hint: string
        }[]
      }
      answer_slash_command: {
        Args: {
          p_body: string
          p_in_channel: boolean
          p_invocation_id: string
          p_message_id?: string
          p_response_secret: string
        }
        Returns: string
      }
      archive_channel: {
        Args: { p_archived?: boolean; p_channel_id: string }
        Returns: {
          archived_at: string | null
          auto_join: boolean
          created_at: string
          created_by: string | null
          dm_key: string | null
          id: string
          import_id: string | null
          is_default: boolean
          kind: Database["public"]["Enums"]["channel_kind"]
          last_message_at: string | null
          last_seq: number
          name: string | null
          topic: string
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "channels"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      authenticate_bot: {
        Args: { p_token: string }
        Returns: {
          outcome: string
          retry_after: number
          user_id: string
          workspace_id: string
        }[]
      }
      cancel_import: {
        Args: { p_import: string }
        Returns: {
          attempts: number
          channels: number
          checkpoint: Json
          created_at: string
          error: string | null
          files_done: number
          files_total: number
          finished_at: string | null
          heartbeat_at: string | null
          id: string
          messages_done: number
          messages_total: number
          people: number
          report: Json
          source_path: string
          started_at: string | null
          started_by: string | null
          status: string
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "imports"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      cancel_scheduled_message: {
        Args: { p_id: string }
        Returns: {
          attachments: Json
          body: string
          channel_id: string
          created_at: string
          failed_at: string | null
          failed_code: string | null
          id: string
          in_channel: boolean
          parent_id: string | null
          send_at: string
          session_aal: string
          updated_at: string
          user_id: string
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "scheduled_messages"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      channel_list: {
        Args: { p_workspace_id: string }
        Returns: {
          archived_at: string
          created_at: string
          created_by: string
          id: string
          is_default: boolean
          kind: Database["public"]["Enums"]["channel_kind"]
          last_message_at: string
          last_read_seq: number
          last_seq: number
          members: Json
          mention_count: number
          name: string
          topic: string
          unread_count: number
          workspace_id: string
        }[]
      }
      channel_pins: {
        Args: { p_channel_id: string }
        Returns: {
          channel_id: string
          created_at: string
          id: string
          message: Json
          message_id: string
          pinned_by: string
        }[]
      }
      channel_posting_state: { Args: { p_channel_id: string }; Returns: Json }
      channel_roster: {
        Args: { p_channel_id: string }
        Returns: {
          avatar_path: string
          display_name: string
          joined_at: string
          role: Database["public"]["Enums"]["workspace_role"]
          user_id: string
        }[]
      }
      claim_event_deliveries: { Args: { p_limit?: number }; Returns: Json }
      claim_export: {
        Args: { p_export_id: string }
        Returns: {
          created_at: string
          error: string | null
          expires_at: string | null
          finished_at: string | null
          id: string
          kind: string
          requested_by: string
          scope: string | null
          size: number | null
          started_at: string | null
          status: string
          storage_path: string | null
          workspace_id: string
        }[]
        SetofOptions: {
          from: "*"
          to: "exports"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      claim_invite_mail: { Args: { p_token: string }; Returns: number }
      claim_link_previews: {
        Args: { p_message_id: string; p_urls: string[] }
        Returns: {
          channel_id: string
          claimed_at: string | null
          created_at: string
          description: string | null
          error: string | null
          fetched_at: string | null
          id: string
          image_height: number | null
          image_path: string | null
          image_width: number | null
          message_id: string
          position: number
          removed_by_author: boolean
          site_name: string | null
          status: string
          title: string | null
          url: string
        }[]
        SetofOptions: {
          from: "*"
          to: "link_previews"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      claim_notification_email: { Args: { p_batch_id: string }; Returns: Json }
      claim_push_batch: { Args: { p_batch_id: string }; Returns: Json }
      claim_retention_files: {
        Args: { p_limit?: number }
        Returns: {
          bucket_id: string
          id: number
          name: string
        }[]
      }
      clear_channel_retention: {
        Args: { p_channel_id: string }
        Returns: boolean
      }
      clear_status: { Args: never; Returns: undefined }
      close_poll: {
        Args: { p_message_id: string }
        Returns: {
          anonymous: boolean
          author_id: string | null
          changed_at: string
          channel_id: string
          closed_at: string | null
          created_at: string
          ends_at: string | null
          id: string
          message_id: string
          multiple: boolean
          question: string
        }
        SetofOptions: {
          from: "*"
          to: "polls"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      create_bot: {
        Args: { p_name: string; p_workspace_id: string }
        Returns: {
          id: string
          token: string
        }[]
      }
      create_channel: {
        Args: {
          p_kind?: Database["public"]["Enums"]["channel_kind"]
          p_member_ids?: string[]
          p_name: string
          p_topic?: string
          p_workspace_id: string
        }
        Returns: {
          archived_at: string | null
          auto_join: boolean
          created_at: string
          created_by: string | null
          dm_key: string | null
          id: string
          import_id: string | null
          is_default: boolean
          kind: Database["public"]["Enums"]["channel_kind"]
          last_message_at: string | null
          last_seq: number
          name: string | null
          topic: string
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "channels"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      create_event_subscription: {
        Args: {
          p_event_types: string[]
          p_private_channel_ids?: string[]
          p_url: string
          p_workspace_id: string
        }
        Returns: {
          id: string
          secret: string
        }[]
      }
      create_incoming_webhook: {
        Args: {
          p_channel_id: string
          p_icon_emoji?: string
          p_icon_url?: string
          p_name: string
        }
        Returns: {
          id: string
          secret: string
        }[]
      }
      create_invite: {
        Args: {
          p_channel_ids?: string[]
          p_email?: string
          p_expires_at?: string
          p_guest_kind?: string
          p_max_uses?: number
          p_role?: Database["public"]["Enums"]["workspace_role"]
          p_workspace_id: string
        }
        Returns: {
          channel_ids: string[] | null
          created_at: string
          created_by: string | null
          email: string | null
          expires_at: string
          guest_kind: string | null
          id: string
          max_uses: number | null
          role: Database["public"]["Enums"]["workspace_role"]
          token: string
          use_count: number
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "invites"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      create_poll: {
        Args: {
          p_anonymous?: boolean
          p_channel_id: string
          p_ends_at?: string
          p_id: string
          p_in_channel?: boolean
          p_multiple?: boolean
          p_options: string[]
          p_parent_id?: string
          p_question: string
        }
        Returns: {
          anonymous: boolean
          author_id: string | null
          changed_at: string
          channel_id: string
          closed_at: string | null
          created_at: string
          ends_at: string | null
          id: string
          message_id: string
          multiple: boolean
          question: string
        }
        SetofOptions: {
          from: "*"
          to: "polls"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      create_sidebar_section: {
        Args: {
          p_channel_id?: string
          p_name: string
          p_position?: number
          p_workspace_id: string
        }
        Returns: {
          collapsed: boolean
          created_at: string
          id: string
          kind: string
          name: string | null
          position: number
          sort: string | null
          updated_at: string
          user_id: string
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "sidebar_sections"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      create_slash_command: {
        Args: {
          p_description?: string
          p_name: string
          p_url: string
          p_usage_hint?: string
          p_workspace_id: string
        }
        Returns: {
          id: string
          signing_secret: string
        }[]
      }
      create_user_group: {
        Args: {
          p_description?: string
          p_handle: string
          p_name: string
          p_user_ids?: string[]
          p_workspace_id: string
        }
        Returns: {
          created_at: string
          created_by: string | null
          description: string
          handle: string
          id: string
          name: string
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "user_groups"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      create_workspace: {
        Args: { p_language?: string; p_name: string; p_slug?: string }
        Returns: {
          broadcast_mentions: string
          broadcast_warn_over: number | null
          created_at: string
          created_by: string | null
          custom_emoji_by: string
          email_delay_minutes: number
          export_scope: string
          export_scope_changed_at: string | null
          export_scope_changed_by: string | null
          id: string
          max_file_bytes: number
          name: string
          notifications_hide_content: boolean
          require_mfa: boolean
          slug: string
        }
        SetofOptions: {
          from: "*"
          to: "workspaces"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      delete_event_subscription: { Args: { p_id: string }; Returns: boolean }
      delete_message: {
        Args: { p_id: string }
        Returns: {
          app_name: string | null
          app_username: string | null
          author_id: string | null
          body: string
          channel_id: string
          created_at: string
          deleted_at: string | null
          edited_at: string | null
          id: string
          import_id: string | null
          in_channel: boolean
          mentions: string[]
          parent_id: string | null
          removed_at: string | null
          removed_by: string | null
          seq: number | null
          thread_seq: number | null
        }
        SetofOptions: {
          from: "*"
          to: "messages"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      delete_sidebar_section: {
        Args: { p_section: string; p_workspace_id: string }
        Returns: boolean
      }
      delete_user_group: { Args: { p_group_id: string }; Returns: undefined }
      dismiss_export_notice: {
        Args: { p_workspace_id: string }
        Returns: undefined
      }
      dismiss_reports: { Args: { p_message_id: string }; Returns: number }
      edit_message: {
        Args: { p_body: string; p_id: string }
        Returns: {
          app_name: string | null
          app_username: string | null
          author_id: string | null
          body: string
          channel_id: string
          created_at: string
          deleted_at: string | null
          edited_at: string | null
          id: string
          import_id: string | null
          in_channel: boolean
          mentions: string[]
          parent_id: string | null
          removed_at: string | null
          removed_by: string | null
          seq: number | null
          thread_seq: number | null
        }
        SetofOptions: {
          from: "*"
          to: "messages"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      event_subscription_target: { Args: { p_id: string }; Returns: Json }
      export_notice: {
        Args: { p_workspace_id: string }
        Returns: {
          changed_at: string
          changed_by: string
          changed_by_name: string
          scope: string
          unseen: boolean
        }[]
      }
      fail_export: {
        Args: { p_error: string; p_export_id: string }
        Returns: {
          created_at: string
          error: string | null
          expires_at: string | null
          finished_at: string | null
          id: string
          kind: string
          requested_by: string
          scope: string | null
          size: number | null
          started_at: string | null
          status: string
          storage_path: string | null
          workspace_id: string
        }[]
        SetofOptions: {
          from: "*"
          to: "exports"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      finish_export: {
        Args: { p_export_id: string; p_size: number }
        Returns: {
          created_at: string
          error: string | null
          expires_at: string | null
          finished_at: string | null
          id: string
          kind: string
          requested_by: string
          scope: string | null
          size: number | null
          started_at: string | null
          status: string
          storage_path: string | null
          workspace_id: string
        }[]
        SetofOptions: {
          from: "*"
          to: "exports"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      finish_push_batch: {
        Args: {
          p_batch_id: string
          p_failed?: Json
          p_gone: number[]
          p_retry?: Json
          p_sent: number[]
        }
        Returns: Json
      }
      finish_retention_files: { Args: { p_ids: number[] }; Returns: number }
      first_steps: {
        Args: { p_workspace_id: string }
        Returns: {
          channel: boolean
          dismissed: boolean
          guest: boolean
          installed: boolean
          invited: boolean
          may_invite: boolean
          notifications: boolean
        }[]
      }
      follow_thread: {
        Args: { p_follow?: boolean; p_thread_id: string }
        Returns: boolean
      }
      forget_slash_command_answers: {
        Args: { p_invocation_id: string; p_response_secret: string }
        Returns: string
      }
      forward_message: {
        Args: {
          p_channel_id: string
          p_comment?: string
          p_id: string
          p_message_id: string
        }
        Returns: {
          app_name: string | null
          app_username: string | null
          author_id: string | null
          body: string
          channel_id: string
          created_at: string
          deleted_at: string | null
          edited_at: string | null
          id: string
          import_id: string | null
          in_channel: boolean
          mentions: string[]
          parent_id: string | null
          removed_at: string | null
          removed_by: string | null
          seq: number | null
          thread_seq: number | null
        }
        SetofOptions: {
          from: "*"
          to: "messages"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      import_invitees: {
        Args: { p_import: string }
        Returns: {
          email: string
          user_id: string
        }[]
      }
      invite_imported: {
        Args: { p_token: string }
        Returns: {
          display_name: string
          messages: number
        }[]
      }
      invite_mail_allowance: {
        Args: { p_workspace: string }
        Returns: {
          per_inviter_left: number
          per_inviter_per_hour: number
          per_workspace_left: number
          per_workspace_per_day: number
        }[]
      }
      invite_preview: {
        Args: { p_token: string }
        Returns: {
          email: string
          expires_at: string
          invited_by: string
          role: Database["public"]["Enums"]["workspace_role"]
          status: string
          workspace_id: string
          workspace_name: string
        }[]
      }
      join_channel: {
        Args: { p_channel_id: string }
        Returns: {
          added_by: string | null
          channel_id: string
          id: string
          import_id: string | null
          joined_at: string
          last_read_seq: number
          muted: boolean
          notify_level: Database["public"]["Enums"]["notify_level"] | null
          user_id: string
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "channel_members"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      later_items: {
        Args: { p_done?: boolean; p_workspace_id: string }
        Returns: {
          channel_id: string
          channel_kind: Database["public"]["Enums"]["channel_kind"]
          channel_name: string
          created_at: string
          done_at: string
          due: boolean
          id: string
          message: Json
          message_id: string
          remind_at: string
        }[]
      }
      leave_channel: { Args: { p_channel_id: string }; Returns: undefined }
      leave_workspace: { Args: { p_workspace_id: string }; Returns: undefined }
      mark_activity_seen: {
        Args: { p_item_ids?: string[]; p_workspace_id: string }
        Returns: undefined
      }
      mark_read: {
        Args: { p_channel_id: string; p_seq?: number }
        Returns: number
      }
      mark_thread_read: {
        Args: { p_seq?: number; p_thread_id: string }
        Returns: number
      }
      mark_thread_unread: { Args: { p_message_id: string }; Returns: number }
      mark_unread: { Args: { p_message_id: string }; Returns: number }
      mention_reach: {
        Args: { p_body: string; p_channel_id: string }
        Returns: {
          reach: number
          warn_over: number
        }[]
      }
      message_page: {
        Args: {
          p_after_seq?: number
          p_before_seq?: number
          p_channel_id: string
          p_limit?: number
        }
        Returns: {
          app_name: string
          app_username: string
          attachments: Json
          author_id: string
          body: string
          channel_id: string
          created_at: string
          deleted_at: string
          edited_at: string
          id: string
          in_channel: boolean
          mentions: string[]
          parent_id: string
          reactions: Json
          removed_at: string
          seq: number
          thread: Json
          thread_seq: number
        }[]
      }
      mfa_blocked_workspaces: {
        Args: never
        Returns: {
          id: string
          name: string
          reason: string
          slug: string
        }[]
      }
      my_invites: {
        Args: never
        Returns: {
          expires_at: string
          id: string
          invited_by: string
          role: Database["public"]["Enums"]["workspace_role"]
          token: string
          workspace_id: string
          workspace_name: string
        }[]
      }
      my_notification_settings: {
        Args: { p_workspace_id: string }
        Returns: {
          default_level: Database["public"]["Enums"]["notify_level"]
          dnd_enabled: boolean
          dnd_end: string
          dnd_start: string
          dnd_time_zone: string
          email_delay_minutes: number
          email_enabled: boolean
          snooze_until: string
        }[]
      }
      my_sessions: {
        Args: never
        Returns: {
          aal: string
          created_at: string
          current: boolean
          id: string
          ip: string
          last_active_at: string
          user_agent: string
        }[]
      }
      my_workspaces: {
        Args: never
        Returns: {
          created_at: string
          id: string
          joined_at: string
          max_file_bytes: number
          name: string
          role: Database["public"]["Enums"]["workspace_role"]
          slug: string
          unread_count: number
        }[]
      }
      open_dm: {
        Args: { p_user_ids: string[]; p_workspace_id: string }
        Returns: {
          archived_at: string | null
          auto_join: boolean
          created_at: string
          created_by: string | null
          dm_key: string | null
          id: string
          import_id: string | null
          is_default: boolean
          kind: Database["public"]["Enums"]["channel_kind"]
          last_message_at: string | null
          last_seq: number
          name: string | null
          topic: string
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "channels"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      open_reports: {
        Args: { p_workspace_id: string }
        Returns: {
          author_avatar_path: string
          author_id: string
          author_name: string
          body: string
          channel_id: string
          channel_kind: string
          channel_name: string
          files: Json
          first_reported_at: string
          message_created_at: string
          message_id: string
          parent_id: string
          reports: Json
        }[]
      }
      pin_message: {
        Args: { p_message_id: string }
        Returns: {
          channel_id: string
          created_at: string
          id: string
          message_id: string
          pinned_by: string | null
        }
        SetofOptions: {
          from: "*"
          to: "pins"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      place_in_sidebar: {
        Args: { p_channel_id: string; p_position?: number; p_section: string }
        Returns: boolean
      }
      poll_results: {
        Args: { p_message_ids: string[] }
        Returns: {
          message_id: string
          poll: Json
        }[]
      }
      post_incoming_webhook: {
        Args: {
          p_body: string
          p_icon_emoji?: string
          p_icon_url?: string
          p_message_id: string
          p_secret: string
          p_username?: string
          p_webhook_id: string
        }
        Returns: string
      }
      prepare_slash_command: {
        Args: { p_invocation_id: string; p_response_secret: string }
        Returns: {
          signing_secret: string
          url: string
        }[]
      }
      public_channel_page: {
        Args: { p_channel_id: string; p_limit?: number; p_message_id?: string }
        Returns: Json
      }
      record_event_delivery: {
        Args: {
          p_error?: string
          p_id: number
          p_retry_reason?: string
          p_status_code: number
        }
        Returns: string
      }
      record_event_verification: {
        Args: { p_error?: string; p_id: string; p_verified: boolean }
        Returns: {
          active: boolean
          consecutive_failures: number
          created_at: string
          created_by: string | null
          event_types: string[]
          id: string
          last_delivered_at: string | null
          paused_at: string | null
          paused_reason: string | null
          private_channel_ids: string[]
          secret_rotated_at: string | null
          updated_at: string
          url: string
          url_verified: boolean
          verification_error: string | null
          verified_at: string | null
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "event_subscriptions"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      regenerate_bot_token: { Args: { p_id: string }; Returns: string }
      regenerate_incoming_webhook: { Args: { p_id: string }; Returns: string }
      register_push_subscription: {
        Args: {
          p_auth: string
          p_device_name: string
          p_endpoint: string
          p_p256dh: string
        }
        Returns: {
          auth: string
          created_at: string
          device_name: string
          endpoint: string
          id: string
          last_used_at: string | null
          p256dh: string
          session_id: string | null
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "push_subscriptions"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      release_invite_mail: { Args: { p_id: number }; Returns: boolean }
      release_notification_email: {
        Args: { p_batch_id: string; p_error?: string; p_ids: number[] }
        Returns: Json
      }
      remove_channel_member: {
        Args: { p_channel_id: string; p_user_id: string }
        Returns: undefined
      }
      remove_link_preview: {
        Args: { p_id: string }
        Returns: {
          channel_id: string
          claimed_at: string | null
          created_at: string
          description: string | null
          error: string | null
          fetched_at: string | null
          id: string
          image_height: number | null
          image_path: string | null
          image_width: number | null
          message_id: string
          position: number
          removed_by_author: boolean
          site_name: string | null
          status: string
          title: string | null
          url: string
        }
        SetofOptions: {
          from: "*"
          to: "link_previews"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      remove_member: {
        Args: { p_user_id: string; p_workspace_id: string }
        Returns: undefined
      }
      remove_message: { Args: { p_message_id: string }; Returns: undefined }
      remove_user_group_member: {
        Args: { p_group_id: string; p_user_id: string }
        Returns: undefined
      }
      removed_message: {
        Args: { p_message_id: string }
        Returns: {
          body: string
          files: Json
          message_id: string
          removed_at: string
          removed_by: string
        }[]
      }
      report_message: {
        Args: { p_message_id: string; p_note?: string; p_reason: string }
        Returns: {
          channel_id: string
          created_at: string
          id: string
          message_id: string
          note: string | null
          reason: Database["public"]["Enums"]["report_reason"]
          reporter_id: string | null
          resolution: string | null
          resolved_at: string | null
          resolved_by: string | null
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "message_reports"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      request_export: {
        Args: { p_kind: string; p_workspace: string }
        Returns: {
          created_at: string
          error: string | null
          expires_at: string | null
          finished_at: string | null
          id: string
          kind: string
          requested_by: string
          scope: string | null
          size: number | null
          started_at: string | null
          status: string
          storage_path: string | null
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "exports"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      restore_message: { Args: { p_message_id: string }; Returns: undefined }
      retry_event_delivery: { Args: { p_id: number }; Returns: string }
      revoke_app: { Args: { p_client_id: string }; Returns: undefined }
      revoke_bot: { Args: { p_id: string }; Returns: undefined }
      revoke_incoming_webhook: {
        Args: { p_id: string }
        Returns: {
          channel_id: string
          created_at: string
          created_by: string | null
          icon_emoji: string | null
          icon_url: string | null
          id: string
          last_used_at: string | null
          name: string
          regenerated_at: string | null
          revoked_at: string | null
          secret_hash: string
          tokens: number
          tokens_at: string
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "incoming_webhooks"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      revoke_slash_command: { Args: { p_id: string }; Returns: undefined }
      rotate_event_subscription_secret: {
        Args: { p_id: string }
        Returns: string
      }
      save_draft: {
        Args: {
          p_body: string
          p_channel_id: string
          p_edited_at?: string
          p_parent_id?: string
        }
        Returns: {
          body: string
          channel_id: string
          edited_at: string
          id: string
          parent_id: string | null
          updated_at: string
          user_id: string
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "drafts"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      save_message: {
        Args: { p_message_id: string; p_remind_at?: string }
        Returns: {
          channel_id: string
          created_at: string
          done_at: string | null
          id: string
          message_id: string
          remind_at: string | null
          updated_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "saved_items"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      schedule_message: {
        Args: {
          p_attachments?: Json
          p_body: string
          p_channel_id: string
          p_id: string
          p_in_channel?: boolean
          p_parent_id?: string
          p_send_at: string
        }
        Returns: {
          attachments: Json
          body: string
          channel_id: string
          created_at: string
          failed_at: string | null
          failed_code: string | null
          id: string
          in_channel: boolean
          parent_id: string | null
          send_at: string
          session_aal: string
          updated_at: string
          user_id: string
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "scheduled_messages"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      search_messages: {
        Args: {
          p_after?: string
          p_before?: string
          p_excluded?: string[]
          p_from?: string[]
          p_has_file?: boolean
          p_has_link?: boolean
          p_in?: string[]
          p_is_thread?: boolean
          p_limit?: number
          p_mentions?: string[]
          p_order?: string
          p_terms?: string[]
          p_workspace_id: string
        }
        Returns: {
          author_id: string
          channel_id: string
          created_at: string
          edited_at: string
          file_names: string[]
          id: string
          parent_id: string
          rank: number
          seq: number
          snippet: string
        }[]
      }
      send_activity_notices: {
        Args: { p_message_id: string; p_user_ids: string[] }
        Returns: number
      }
      send_message: {
        Args: {
          p_attachments?: Json
          p_body: string
          p_channel_id: string
          p_id: string
          p_in_channel?: boolean
          p_parent_id?: string
        }
        Returns: {
          app_name: string | null
          app_username: string | null
          author_id: string | null
          body: string
          channel_id: string
          created_at: string
          deleted_at: string | null
          edited_at: string | null
          id: string
          import_id: string | null
          in_channel: boolean
          mentions: string[]
          parent_id: string | null
          removed_at: string | null
          removed_by: string | null
          seq: number | null
          thread_seq: number | null
        }
        SetofOptions: {
          from: "*"
          to: "messages"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      send_scheduled_message_now: {
        Args: { p_id: string }
        Returns: {
          app_name: string | null
          app_username: string | null
          author_id: string | null
          body: string
          channel_id: string
          created_at: string
          deleted_at: string | null
          edited_at: string | null
          id: string
          import_id: string | null
          in_channel: boolean
          mentions: string[]
          parent_id: string | null
          removed_at: string | null
          removed_by: string | null
          seq: number | null
          thread_seq: number | null
        }
        SetofOptions: {
          from: "*"
          to: "messages"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      set_app_access: {
        Args: { p_access: string; p_client_id: string; p_workspace_id: string }
        Returns: {
          access: string
          client_id: string
          id: string
          updated_at: string
          user_id: string
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "app_access"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      set_appearance: {
        Args: { p_sidebar_density: string; p_theme: string }
        Returns: {
          dnd_enabled: boolean
          dnd_end: string
          dnd_start: string
          dnd_time_zone: string
          email_enabled: boolean
          email_token: string
          id: string
          sidebar_density: string
          snooze_until: string | null
          theme: string | null
          updated_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "notification_settings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      set_broadcast_mentions: {
        Args: { p_who: string; p_workspace_id: string }
        Returns: undefined
      }
      set_broadcast_warning: {
        Args: { p_over: number; p_workspace_id: string }
        Returns: undefined
      }
      set_channel_notifications: {
        Args: { p_channel_id: string; p_level?: string; p_muted?: boolean }
        Returns: {
          channel_id: string
          muted: boolean
          notify_level: Database["public"]["Enums"]["notify_level"]
        }[]
      }
      set_channel_posting: {
        Args: {
          p_channel_id: string
          p_replies?: boolean
          p_user_ids?: string[]
          p_who: string
        }
        Returns: Json
      }
      set_channel_retention: {
        Args: { p_channel_id: string; p_keep_days: number }
        Returns: {
          channel_id: string
          id: string
          keep_days: number | null
          updated_at: string
          updated_by: string | null
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "channel_retention"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      set_custom_emoji_by: {
        Args: { p_who: string; p_workspace_id: string }
        Returns: undefined
      }
      set_do_not_disturb: {
        Args: {
          p_enabled: boolean
          p_end?: string
          p_start?: string
          p_time_zone?: string
        }
        Returns: {
          dnd_enabled: boolean
          dnd_end: string
          dnd_start: string
          dnd_time_zone: string
          email_enabled: boolean
          email_token: string
          id: string
          sidebar_density: string
          snooze_until: string | null
          theme: string | null
          updated_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "notification_settings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      set_email_notifications: {
        Args: { p_enabled: boolean }
        Returns: {
          dnd_enabled: boolean
          dnd_end: string
          dnd_start: string
          dnd_time_zone: string
          email_enabled: boolean
          email_token: string
          id: string
          sidebar_density: string
          snooze_until: string | null
          theme: string | null
          updated_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "notification_settings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      set_event_subscription_active: {
        Args: { p_active: boolean; p_id: string }
        Returns: {
          active: boolean
          consecutive_failures: number
          created_at: string
          created_by: string | null
          event_types: string[]
          id: string
          last_delivered_at: string | null
          paused_at: string | null
          paused_reason: string | null
          private_channel_ids: string[]
          secret_rotated_at: string | null
          updated_at: string
          url: string
          url_verified: boolean
          verification_error: string | null
          verified_at: string | null
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "event_subscriptions"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      set_export_scope: {
        Args: { p_scope: string; p_workspace_id: string }
        Returns: {
          broadcast_mentions: string
          broadcast_warn_over: number | null
          created_at: string
          created_by: string | null
          custom_emoji_by: string
          email_delay_minutes: number
          export_scope: string
          export_scope_changed_at: string | null
          export_scope_changed_by: string | null
          id: string
          max_file_bytes: number
          name: string
          notifications_hide_content: boolean
          require_mfa: boolean
          slug: string
        }
        SetofOptions: {
          from: "*"
          to: "workspaces"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      set_guest_kind: {
        Args: { p_kind: string; p_user_id: string; p_workspace_id: string }
        Returns: {
          guest_kind: string | null
          id: string
          import_id: string | null
          joined_at: string
          left_at: string | null
          role: Database["public"]["Enums"]["workspace_role"]
          suspended_at: string | null
          suspended_by: string | null
          user_id: string
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "workspace_members"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      set_member_role: {
        Args: {
          p_role: Database["public"]["Enums"]["workspace_role"]
          p_user_id: string
          p_workspace_id: string
        }
        Returns: {
          guest_kind: string | null
          id: string
          import_id: string | null
          joined_at: string
          left_at: string | null
          role: Database["public"]["Enums"]["workspace_role"]
          suspended_at: string | null
          suspended_by: string | null
          user_id: string
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "workspace_members"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      set_notification_content_hidden: {
        Args: { p_hidden: boolean; p_workspace_id: string }
        Returns: boolean
      }
      set_notification_default: {
        Args: { p_level: string; p_workspace_id: string }
        Returns: Database["public"]["Enums"]["notify_level"]
      }
      set_reaction: {
        Args: { p_emoji: string; p_message_id: string; p_on?: boolean }
        Returns: boolean
      }
      set_saved_done: {
        Args: { p_done?: boolean; p_message_id: string }
        Returns: {
          channel_id: string
          created_at: string
          done_at: string | null
          id: string
          message_id: string
          remind_at: string | null
          updated_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "saved_items"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      set_status: {
        Args: {
          p_clear_after: string
          p_emoji: string
          p_text: string
          p_time_zone?: string
        }
        Returns: {
          clear_after: string
          clear_at: string | null
          emoji: string
          id: string
          text: string
          updated_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "user_statuses"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      set_workspace_email_delay: {
        Args: { p_minutes: number; p_workspace_id: string }
        Returns: number
      }
      set_workspace_file_limit: {
        Args: { p_bytes: number; p_workspace_id: string }
        Returns: number
      }
      set_workspace_require_mfa: {
        Args: { p_required: boolean; p_workspace_id: string }
        Returns: {
          broadcast_mentions: string
          broadcast_warn_over: number | null
          created_at: string
          created_by: string | null
          custom_emoji_by: string
          email_delay_minutes: number
          export_scope: string
          export_scope_changed_at: string | null
          export_scope_changed_by: string | null
          id: string
          max_file_bytes: number
          name: string
          notifications_hide_content: boolean
          require_mfa: boolean
          slug: string
        }
        SetofOptions: {
          from: "*"
          to: "workspaces"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      set_workspace_retention: {
        Args: {
          p_deleted_accounts?: string
          p_keep_days: number
          p_workspace_id: string
        }
        Returns: {
          deleted_accounts: string
          id: string
          keep_days: number | null
          updated_at: string
          updated_by: string | null
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "workspace_retention"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      sign_out_session: { Args: { p_session_id: string }; Returns: undefined }
      snooze_notifications: {
        Args: { p_until: string }
        Returns: {
          dnd_enabled: boolean
          dnd_end: string
          dnd_start: string
          dnd_time_zone: string
          email_enabled: boolean
          email_token: string
          id: string
          sidebar_density: string
          snooze_until: string | null
          theme: string | null
          updated_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "notification_settings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      start_import:
        | {
            Args: { p_invite: boolean; p_path: string; p_workspace: string }
            Returns: {
              attempts: number
              channels: number
              checkpoint: Json
              created_at: string
              error: string | null
              files_done: number
              files_total: number
              finished_at: string | null
              heartbeat_at: string | null
              id: string
              messages_done: number
              messages_total: number
              people: number
              report: Json
              source_path: string
              started_at: string | null
              started_by: string | null
              status: string
              workspace_id: string
            }
            SetofOptions: {
              from: "*"
              to: "imports"
              isOneToOne: true
              isSetofReturn: false
            }
          }
        | {
            Args: { p_path: string; p_workspace: string }
            Returns: {
              attempts: number
              channels: number
              checkpoint: Json
              created_at: string
              error: string | null
              files_done: number
              files_total: number
              finished_at: string | null
              heartbeat_at: string | null
              id: string
              messages_done: number
              messages_total: number
              people: number
              report: Json
              source_path: string
              started_at: string | null
              started_by: string | null
              status: string
              workspace_id: string
            }
            SetofOptions: {
              from: "*"
              to: "imports"
              isOneToOne: true
              isSetofReturn: false
            }
          }
      start_slash_command: {
        Args: { p_channel_id: string; p_command: string; p_text: string }
        Returns: {
          channel_name: string
          command: string
          command_id: string
          invocation_id: string
          team_domain: string
          team_id: string
          user_id: string
          user_name: string
        }[]
      }
      suspend_member: {
        Args: { p_user_id: string; p_workspace_id: string }
        Returns: undefined
      }
      suspended_workspaces: {
        Args: never
        Returns: {
          id: string
          name: string
          suspended_at: string
        }[]
      }
      test_push_subscription: { Args: { p_id: string }; Returns: undefined }
      thread_page: {
        Args: {
          p_after_seq?: number
          p_before_seq?: number
          p_limit?: number
          p_thread_id: string
        }
        Returns: {
          app_name: string
          app_username: string
          attachments: Json
          author_id: string
          body: string
          channel_id: string
          created_at: string
          deleted_at: string
          edited_at: string
          id: string
          in_channel: boolean
          mentions: string[]
          parent_id: string
          reactions: Json
          removed_at: string
          seq: number
          thread: Json
          thread_seq: number
        }[]
      }
      threads: {
        Args: { p_limit?: number; p_workspace_id: string }
        Returns: {
          channel_id: string
          channel_kind: Database["public"]["Enums"]["channel_kind"]
          channel_name: string
          id: string
          last_read_seq: number
          last_repliers: string[]
          last_reply_at: string
          last_seq: number
          parent: Json
          reply_count: number
          unread_count: number
        }[]
      }
      touch_activity: { Args: { p_workspace_id: string }; Returns: undefined }
      unpin_message: { Args: { p_message_id: string }; Returns: boolean }
      unread_messages: {
        Args: { p_per_channel?: number; p_workspace_id: string }
        Returns: {
          channel_id: string
          channel_kind: Database["public"]["Enums"]["channel_kind"]
          channel_name: string
          last_read_seq: number
          last_seq: number
          messages: Json
          unread_count: number
        }[]
      }
      unsave_message: { Args: { p_message_id: string }; Returns: boolean }
      unsubscribe_email: { Args: { p_token: string }; Returns: boolean }
      unsuspend_member: {
        Args: { p_user_id: string; p_workspace_id: string }
        Returns: undefined
      }
      update_channel: {
        Args: { p_channel_id: string; p_name?: string; p_topic?: string }
        Returns: {
          archived_at: string | null
          auto_join: boolean
          created_at: string
          created_by: string | null
          dm_key: string | null
          id: string
          import_id: string | null
          is_default: boolean
          kind: Database["public"]["Enums"]["channel_kind"]
          last_message_at: string | null
          last_seq: number
          name: string | null
          topic: string
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "channels"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      update_event_subscription: {
        Args: {
          p_event_types: string[]
          p_id: string
          p_private_channel_ids?: string[]
        }
        Returns: {
          active: boolean
          consecutive_failures: number
          created_at: string
          created_by: string | null
          event_types: string[]
          id: string
          last_delivered_at: string | null
          paused_at: string | null
          paused_reason: string | null
          private_channel_ids: string[]
          secret_rotated_at: string | null
          updated_at: string
          url: string
          url_verified: boolean
          verification_error: string | null
          verified_at: string | null
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "event_subscriptions"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      update_scheduled_message: {
        Args: {
          p_attachments?: Json
          p_body?: string
          p_id: string
          p_send_at?: string
        }
        Returns: {
          attachments: Json
          body: string
          channel_id: string
          created_at: string
          failed_at: string | null
          failed_code: string | null
          id: string
          in_channel: boolean
          parent_id: string | null
          send_at: string
          session_aal: string
          updated_at: string
          user_id: string
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "scheduled_messages"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      update_sidebar_section: {
        Args: {
          p_collapsed?: boolean
          p_name?: string
          p_position?: number
          p_section: string
          p_sort?: string
          p_workspace_id: string
        }
        Returns: {
          collapsed: boolean
          created_at: string
          id: string
          kind: string
          name: string | null
          position: number
          sort: string | null
          updated_at: string
          user_id: string
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "sidebar_sections"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      update_slash_command: {
        Args: {
          p_description?: string
          p_id: string
          p_url: string
          p_usage_hint?: string
        }
        Returns: undefined
      }
      update_user_group: {
        Args: {
          p_description?: string
          p_group_id: string
          p_handle?: string
          p_name?: string
        }
        Returns: {
          created_at: string
          created_by: string | null
          description: string
          handle: string
          id: string
          name: string
          workspace_id: string
        }
        SetofOptions: {
          from: "*"
          to: "user_groups"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      vote_poll: {
        Args: { p_message_id: string; p_option_ids: string[] }
        Returns: undefined
      }
      workspace_analytics: {
        Args: { p_days?: number; p_workspace_id: string }
        Returns: {
          channel_id: string
          kind: string
          last_message_at: string
          messages: number
          name: string
          people: number
        }[]
      }
      workspace_badges: {
        Args: never
        Returns: {
          has_unread: boolean
          mention_count: number
          workspace_id: string
        }[]
      }
      workspace_bots: {
        Args: { p_workspace_id: string }
        Returns: {
          channels: Json
          created_at: string
          created_by: string
          created_by_name: string
          id: string
          last_used_at: string
          name: string
          regenerated_at: string
          revoked_at: string
        }[]
      }
      workspace_roster: {
        Args: { p_workspace_id: string }
        Returns: {
          avatar_path: string
          display_name: string
          joined_at: string
          role: Database["public"]["Enums"]["workspace_role"]
          user_id: string
        }[]
      }
    }
    Enums: {
      channel_kind: "public" | "private" | "dm"
      notify_level: "all" | "mentions" | "nothing"
      report_reason: "spam" | "harassment" | "inappropriate" | "other"
      workspace_role: "owner" | "admin" | "member" | "guest"
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema["Tables"] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema["Tables"] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    keyof DefaultSchema["Enums"] | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  graphql_public: {
    Enums: {},
  },
  public: {
    Enums: {
      channel_kind: ["public", "private", "dm"],
      notify_level: ["all", "mentions", "nothing"],
      report_reason: ["spam", "harassment", "inappropriate", "other"],
      workspace_role: ["owner", "admin", "member", "guest"],
    },
  },
} as const
