/**
 * The model the scripted server plays. Codex offers the `apply_patch` tool only to a model whose
 * metadata names an `apply_patch_tool_type` (codex-rs/core/src/tools/spec_plan.rs), and an unknown
 * slug gets fallback metadata without it, so the agent is pointed at a one-model catalog
 * (`model_catalog_json`) shaped like the entries of codex-rs/models-manager/models.json.
 * `unified_exec` gives the `exec_command` tool; websockets are off because the server speaks SSE only.
 */
export const SCRIPTED_MODEL = 'scripted-model';

export function scriptedModelCatalog(): unknown {
  return {
    models: [
      {
        slug: SCRIPTED_MODEL,
        display_name: 'scripted',
        description: 'a scripted model of the hookctl test suite',
        base_instructions: 'You are a scripted test model.',
        model_messages: null,
        prefer_websockets: false,
        shell_type: 'unified_exec',
        apply_patch_tool_type: 'freeform',
        web_search_tool_type: 'text_and_image',
        support_verbosity: true,
        default_verbosity: 'low',
        input_modalities: ['text', 'image'],
        supports_image_detail_original: true,
        truncation_policy: { mode: 'tokens', limit: 10000 },
        supports_parallel_tool_calls: true,
        tool_mode: null,
        multi_agent_version: null,
        use_responses_lite: false,
        include_skills_usage_instructions: true,
        include_plugin_usage_instructions: true,
        include_apps_usage_instructions: true,
        auto_review_model_override: null,
        context_window: 272000,
        max_context_window: 1000000,
        auto_compact_token_limit: null,
        comp_hash: '2911',
        reasoning_summary_format: 'experimental',
        default_reasoning_summary: 'none',
        default_reasoning_level: 'medium',
        supported_reasoning_levels: [{ effort: 'medium', description: 'medium' }],
        visibility: 'list',
        minimal_client_version: '0.98.0',
        supported_in_api: true,
        availability_nux: null,
        upgrade: null,
        priority: 16,
        experimental_supported_tools: [],
        available_in_plans: ['plus', 'pro'],
        supports_search_tool: false,
        default_service_tier: null,
        service_tiers: [],
        additional_speed_tiers: [],
        supports_reasoning_summaries: false,
      },
    ],
  };
}
