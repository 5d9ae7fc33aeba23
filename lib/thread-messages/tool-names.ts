// The names the model calls the tools by, said once: lib/tools/run-tools.ts offers each tool
// under its name here, and the text that tells the model to call one (render-project-context.ts,
// render-memory-block.ts), the code that reads calls back from an answer (sources, citations,
// proposals, viewed images) and the chat's tool cards import them too. They sit here, not in
// lib/tools, because most of those readers are in folders below it. Pure: safe in the browser.

export const LIST_THREAD_FILES = "list_thread_files";
export const READ_THREAD_FILE = "read_thread_file";
export const WRITE_OUTPUT_FILE = "write_output_file";
export const LIST_PROJECT_DOCUMENTS = "list_project_documents";
export const READ_PROJECT_DOCUMENT = "read_project_document";
export const SEARCH_PROJECT_DOCUMENTS = "search_project_documents";
export const PROPOSE_PROJECT_NOTE = "propose_project_note";
export const READ_PROJECT_MEMORY = "read_project_memory";
export const VIEW_IMAGE = "view_image";
