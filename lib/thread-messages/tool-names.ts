// The names the model calls the tools by. They live with the tools; the index text that tells
// the model to call one (render-project-context) and the chat's tool cards import them from
// here. Pure: safe in the browser bundle.

export const LIST_THREAD_FILES = "list_thread_files";
export const READ_THREAD_FILE = "read_thread_file";
export const WRITE_OUTPUT_FILE = "write_output_file";
export const LIST_PROJECT_DOCUMENTS = "list_project_documents";
export const READ_PROJECT_DOCUMENT = "read_project_document";
export const SEARCH_PROJECT_DOCUMENTS = "search_project_documents";
export const PROPOSE_PROJECT_NOTE = "propose_project_note";
export const READ_PROJECT_MEMORY = "read_project_memory";
export const VIEW_IMAGE = "view_image";
